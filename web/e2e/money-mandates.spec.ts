// The admins' list of SEPA mandates (issue #36) at the phone viewport: an owner whose bank is in the UK (a
// SEPA country outside the EEA) signs a mandate in 'Mis cuotas', which needs the holder's postal address
// and is refused without it; the admin finds the mandate, masked, with its address in Cuentas → Mandatos,
// and revokes it there saying why (the owner's letter), with the keyboard; the owner then reads who revoked
// it, when and why in 'Mis cuotas'.
import type { BrowserContext, Page } from '@playwright/test'
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures'
import { startAppServer } from './support/engine'
import { twoFlatsWithAnOwner } from './support/money'
import { type ServerHandle } from './support/server'

let server: ServerHandle
let admin: BrowserContext
let owner: BrowserContext
let adminPage: Page
let ownerPage: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  server = await startAppServer('money-mandates')
  admin = await phoneContext(browser, server.url)
  owner = await phoneContext(browser, server.url)
  await twoFlatsWithAnOwner(admin, owner, { name: 'Comunidad Lagasca 12', address: 'Calle Lagasca 12', city: 'Madrid', postalCode: '28001' }, 'Harriet Jones')
  // The community collects by direct debit (money-sepa.spec.ts sets this up on screen).
  const settings = await admin.request.put('/api/v1/money/sepa-settings', {
    data: { creditorId: 'ES77000B85626240', creditorIban: 'ES9121000418450200051332', creditorBic: '', sequencePolicy: 'frst_rcur',
      prenoticeDays: 14, returnsToPause: 2, chargeToOwner: true, fileVersion: 'pain.008.001.02' },
  })
  expect(settings.status(), await settings.text()).toBe(200)
  adminPage = await admin.newPage()
  ownerPage = await owner.newPage()
})

test.afterAll(async () => {
  await admin?.close()
  await owner?.close()
  await server?.stop()
})

test('a UK account needs the holder’s address, and the admin sees the mandate with it in Cuentas → Mandatos', async () => {
  test.setTimeout(180_000)
  // Before anyone signs, the admins' panel says so.
  await adminPage.goto('/menu')
  await adminPage.getByRole('link', { name: /^Cuentas Presupuesto/ }).click()
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Mandatos' })).toBeVisible()
  await expect(adminPage.getByText(/^Ningún propietario ha firmado aún una orden de domiciliación/)).toBeVisible()

  // The owner signs with a British IBAN: the form asks for the address.
  await ownerPage.goto('/menu')
  await ownerPage.getByRole('link', { name: /Mis cuotas/ }).click()
  await ownerPage.getByRole('button', { name: 'Firmar la orden de domiciliación' }).click()
  const form = ownerPage.getByRole('form', { name: 'Orden de domiciliación de 1º A' })
  await expect(form.getByLabel('Titular de la cuenta')).toHaveValue('Harriet Jones')
  await expect(form.getByLabel('Calle y número')).toBeHidden()
  await form.getByLabel('IBAN').fill('GB29 NWBK 6016 1331 9268 19')
  await expect(form.getByRole('group', { name: /fuera del Espacio Económico Europeo/ })).toBeVisible()
  await expect(form.getByLabel('País (código de dos letras, como GB o CH)')).toHaveValue('GB')
  await form.getByLabel('He leído la orden y la firmo').check()
  // Without the address the mandate is refused.
  await form.getByRole('button', { name: 'Firmar la orden de domiciliación' }).click()
  await expect(ownerPage.getByText('Completa la dirección del titular: calle y número, población y país (y el código postal, si lo tiene)')).toBeVisible()
  await expect(form).toBeVisible()
  // With it, it is signed.
  await form.getByLabel('Calle y número').fill('10 Downing Street')
  await form.getByLabel('Código postal').fill('SW1A 2AA')
  await form.getByLabel('Población').fill('London')
  await form.getByRole('button', { name: 'Firmar la orden de domiciliación' }).click()
  await expect(ownerPage.getByText('Orden firmada')).toBeVisible()
  await expect(ownerPage.getByText(/^VEC-000001 · GB29 \*\*\*\* 6819 · firmada el /)).toBeVisible()
  await expect(ownerPage.getByText('Dirección: 10 Downing Street, SW1A 2AA London, GB')).toBeVisible()
  await expectNoHorizontalScroll(ownerPage)

  // The admin finds it in Cuentas → Mandatos.
  await adminPage.reload()
  const panel = adminPage.getByRole('region', { name: 'Mandatos' })
  await expect(panel.getByRole('status')).toHaveText('1 orden de domiciliación')
  const mandate = panel.getByRole('list', { name: 'Órdenes de domiciliación' }).getByRole('listitem', { name: '1º A · VEC-000001' })
  await expect(mandate.getByRole('heading', { level: 3, name: '1º A · Harriet Jones' })).toBeVisible()
  await expect(mandate.getByText('Activa', { exact: true })).toBeVisible()
  await expect(mandate.getByText('GB29 **** 6819', { exact: true })).toBeVisible()
  await expect(mandate.getByText('10 Downing Street, SW1A 2AA London, GB', { exact: true })).toBeVisible()
  await expect(mandate.getByText(/^Falta la dirección del titular/)).toHaveCount(0)
  await expectNoHorizontalScroll(adminPage)

  // The status filter: none revoked, then all again.
  const filter = panel.getByLabel('Estado')
  await filter.selectOption({ label: 'Revocadas (0)' })
  await expect(panel.getByRole('status')).toHaveText('0 órdenes de domiciliación')
  await expect(mandate).toHaveCount(0)
  await filter.selectOption({ label: 'Activas (1)' })
  await expect(mandate).toBeVisible()

  const [pdf] = await Promise.all([
    adminPage.waitForEvent('download'),
    mandate.getByRole('link', { name: 'Descargar la orden VEC-000001 (PDF)' }).click(),
  ])
  expect(pdf.suggestedFilename()).toBe('orden-domiciliacion-VEC-000001.pdf')
  await expect(mandate.getByText('Último cobro').locator('xpath=following-sibling::dd[1]')).toHaveText('Ninguno')
  await expect(mandate.getByText('Caduca el')).toBeVisible()

  // The owner wrote to the administrador: the admin revokes the mandate, saying why.
  await mandate.getByRole('button', { name: 'Revocar la orden VEC-000001 de 1º A' }).click()
  const dialog = adminPage.getByRole('alertdialog', { name: 'Revocar la orden de domiciliación' })
  await expect(dialog.getByText(/^La orden VEC-000001 de 1º A, a nombre de Harriet Jones, dejará de usarse/)).toBeVisible()
  const reason = dialog.getByRole('textbox', { name: 'Motivo de la revocación' })
  await expect(reason).toBeFocused()
  await expectNoHorizontalScroll(adminPage)
  // Without a reason the dialog says so and stays open.
  await dialog.getByRole('button', { name: 'Revocar la orden' }).click()
  await expect(dialog.getByText('Escribe el motivo de la revocación.')).toBeVisible()
  await reason.fill('Escrito de la propietaria del 2 de marzo')
  await reason.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await adminPage.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Revocar la orden' })).toBeFocused()
  await adminPage.keyboard.press('Enter')
  await expect(adminPage.getByText('Orden VEC-000001 revocada')).toBeVisible()
  await expect(dialog).toBeHidden()
  await filter.selectOption({ label: 'Revocadas (1)' })
  await expect(mandate.getByText('Revocada', { exact: true })).toBeVisible()
  await expect(mandate.getByText('Revocada el').locator('xpath=following-sibling::dd[1]')).toHaveText(/, por Pilar Presidenta$/)
  await expect(mandate.getByText('Escrito de la propietaria del 2 de marzo', { exact: true })).toBeVisible()
  await expect(mandate.getByRole('button', { name: /^Revocar/ })).toHaveCount(0)
  await expectNoHorizontalScroll(adminPage)

  // The owner sees it revoked in 'Mis cuotas', by whom and why, and may sign a new one.
  await ownerPage.reload()
  await expect(ownerPage.getByText(/^Pilar Presidenta revocó tu orden VEC-000001 el /)).toBeVisible()
  await expect(ownerPage.getByText('Motivo: Escrito de la propietaria del 2 de marzo')).toBeVisible()
  await expect(ownerPage.getByRole('button', { name: 'Firmar la orden de domiciliación' })).toBeVisible()
  await expect(ownerPage.getByRole('button', { name: 'Revocar la orden' })).toHaveCount(0)
  await expectNoHorizontalScroll(ownerPage)
})

// SEPA direct debits (issue #36) at the phone viewport: the admin sets up the creditor, the owner signs a
// mandate in 'Mis cuotas', the admin builds and downloads the remittance and marks the receipt returned
// with the bank's charge, and the owner sees the debt and the charge in their statement.
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from '@playwright/test'
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures'
import { startAppServer } from './support/engine'
import { twoFlatsWithAnOwner } from './support/money'
import { type ServerHandle } from './support/server'

test.describe.configure({ mode: 'serial' })

let server: ServerHandle
let admin: BrowserContext
let owner: BrowserContext
let adminPage: Page
let ownerPage: Page

/** A day as the date inputs take it, n days from today. */
function inDays(n: number): string {
  const d = new Date()
  d.setDate(d.getDate() + n)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  server = await startAppServer('money-sepa')
  admin = await phoneContext(browser, server.url)
  owner = await phoneContext(browser, server.url)
  await twoFlatsWithAnOwner(admin, owner, { name: 'Comunidad Peñalver 7', address: 'Calle Peñalver 7', city: 'Madrid', postalCode: '28006' }, 'José Muñoz')
  // The budget and the first quarter's receipts (money.spec.ts does them on screen): 2.000,00 € of
  // cleaning and the 10 % reserve, so 1º A pays 275,00 € a quarter.
  const year = new Date().getFullYear()
  const budget = (await (await admin.request.post('/api/v1/money/budgets', { data: { year } })).json()) as { id: string }
  const saved = await admin.request.put(`/api/v1/money/budgets/${budget.id}`, {
    data: { lines: [{ concept: 'Limpieza', groupId: 'general', amountCents: 200000 }] },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const approved = await admin.request.post(`/api/v1/money/budgets/${budget.id}/approve`, { data: { juntaDate: `${year}-01-10` } })
  expect(approved.status(), await approved.text()).toBe(200)
  const issued = await admin.request.post('/api/v1/money/receipts/generate', { data: { year, period: 1 } })
  expect(issued.status(), await issued.text()).toBe(201)
  adminPage = await admin.newPage()
  ownerPage = await owner.newPage()
})

test.afterAll(async () => {
  await admin?.close()
  await owner?.close()
  await server?.stop()
})

test('the owner signs a mandate, the admin remits and records a return, the owner sees the debt and the charge', async () => {
  test.setTimeout(180_000)
  // The admin sets up the community as a SEPA creditor.
  await adminPage.goto('/menu')
  await adminPage.getByRole('link', { name: /^Cuentas Presupuesto/ }).click()
  const settings = adminPage.getByRole('form', { name: 'Domiciliaciones SEPA' })
  await settings.getByLabel('Identificador de acreedor').fill('ES77 000 B85626240')
  await settings.getByLabel('IBAN de la cuenta de la comunidad').fill('ES91 2100 0418 4502 0005 1332')
  const savedSettings = adminPage.waitForResponse((r) => r.url().endsWith('/api/v1/money/sepa-settings') && r.request().method() === 'PUT')
  await settings.getByRole('button', { name: 'Guardar ajustes SEPA' }).click()
  expect((await savedSettings).status()).toBe(200)
  await expect(settings.getByLabel('Identificador de acreedor')).toHaveValue('ES77000B85626240')

  // The owner signs the mandate for 1º A in 'Mis cuotas'.
  await ownerPage.goto('/menu')
  await ownerPage.getByRole('link', { name: /Mis cuotas/ }).click()
  await expect(ownerPage.getByText('Aún no pagas por domiciliación.', { exact: false })).toBeVisible()
  await ownerPage.getByRole('button', { name: 'Firmar la orden de domiciliación' }).click()
  const form = ownerPage.getByRole('form', { name: 'Orden de domiciliación de 1º A' })
  await expect(form.getByLabel('Titular de la cuenta')).toHaveValue('José Muñoz')
  await form.getByLabel('IBAN').fill('ES79 2100 0813 6101 2345 6780')
  await form.getByLabel('He leído la orden y la firmo').check()
  await form.getByRole('button', { name: 'Firmar la orden de domiciliación' }).click()
  await expect(ownerPage.getByText('El IBAN no es válido: revisa que esté completo y sus dígitos de control')).toBeVisible()
  await form.getByLabel('IBAN').fill('ES79 2100 0813 6101 2345 6789')
  await form.getByRole('button', { name: 'Firmar la orden de domiciliación' }).click()
  await expect(ownerPage.getByText(/^VEC-000001 · ES79 \*\*\*\* 6789 · firmada el /)).toBeVisible()
  await expect(ownerPage.getByText('Activa', { exact: true })).toBeVisible()
  const [pdf] = await Promise.all([ownerPage.waitForEvent('download'), ownerPage.getByRole('link', { name: 'Descargar la orden (PDF)' }).click()])
  expect(pdf.suggestedFilename()).toBe('orden-domiciliacion-VEC-000001.pdf')
  await expectNoHorizontalScroll(ownerPage)

  // The admin builds the remittance, downloads the file for the bank and marks the receipt returned.
  await adminPage.reload()
  const collect = inDays(15)
  await adminPage.getByLabel('Fecha de cobro').fill(inDays(3))
  await adminPage.getByRole('button', { name: 'Preparar remesa' }).click()
  await expect(adminPage.getByText(/La fecha de cobro está dentro del plazo de preaviso de 14 días/)).toBeVisible()
  await adminPage.getByLabel('Fecha de cobro').fill(collect)
  await adminPage.getByRole('button', { name: 'Preparar remesa' }).click()
  const remittance = adminPage.getByRole('list', { name: 'Remesas preparadas' }).getByRole('listitem', { name: `Remesa 1 · cargo el ${collect}` })
  await expect(remittance.getByText('1 recibos · 275,00 €', { exact: false })).toBeVisible()
  const [xml] = await Promise.all([
    adminPage.waitForEvent('download'),
    remittance.getByRole('link', { name: 'Descargar el fichero para el banco' }).click(),
  ])
  expect(xml.suggestedFilename()).toBe(`remesa-0001-${collect}.xml`)
  const file = await readFile(await xml.path(), 'utf8')
  expect(file).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02')
  expect(file).toContain('<MndtId>VEC-000001</MndtId>')
  expect(file).toContain('<Nm>Jose Munoz</Nm>')
  expect(file).toContain('<CtrlSum>275.00</CtrlSum>')

  const item = remittance.getByRole('list', { name: 'Recibos de la remesa 1' }).getByRole('listitem', { name: /1º A/ })
  await expect(item.getByText(/^FRST · Remesado: cargo el /)).toBeVisible()
  await item.getByRole('button', { name: 'Marcar devuelto' }).click()
  const back = adminPage.getByRole('form', { name: /Devolución del recibo/ })
  await back.getByLabel('Motivo').selectOption('MS02')
  await back.getByLabel('Gastos del banco').fill('3,50')
  await back.getByRole('button', { name: 'Anotar devolución' }).click()
  await expect(item.getByText(/Devuelto el .* · Pendiente · MS02/)).toBeVisible()
  await expectNoHorizontalScroll(adminPage)

  // The owner owes the receipt again, with the bank's charge, and pays it by transfer from now on.
  await ownerPage.reload()
  const statement = ownerPage.getByRole('list', { name: 'Mi extracto' })
  await expect(statement.getByText(/^Devolución del recibo \d{4}\/000001 \(MS02\)$/)).toBeVisible()
  await expect(statement.getByText(/^Gastos de la devolución del recibo/)).toBeVisible()
  await expect(statement.getByText('3,50 €')).toBeVisible()
  await expect(ownerPage.getByText('Saldo pendiente: 278,50 €')).toBeVisible()
  const receipt = ownerPage.getByRole('list', { name: 'Mis recibos' }).getByRole('listitem', { name: /1º A/ })
  await expect(receipt.getByText(/Devuelto el /)).toBeVisible()
  await expectNoHorizontalScroll(ownerPage)
})

/** The bank's status report (pain.002.001.03) rejecting the debit of one receipt. */
function pain002(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>BANCO-1</MsgId><CreDtTm>2026-01-01T09:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>VEC-REM-000002</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>P1</OrgnlPmtInfId><TxInfAndSts><OrgnlEndToEndId>${code}</OrgnlEndToEndId><TxSts>RJCT</TxSts>
<StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf><ChrgsInf><Amt Ccy="EUR">2.00</Amt></ChrgsInf></TxInfAndSts></OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>`
}

test("the admin imports the bank's pain.002 report; the second return pauses the owner's mandate", async () => {
  test.setTimeout(120_000)
  // The admin's bank asks for pain.008.001.08: the setting changes the next file's message.
  await adminPage.goto('/menu')
  await adminPage.getByRole('link', { name: /^Cuentas Presupuesto/ }).click()
  const settings = adminPage.getByRole('form', { name: 'Domiciliaciones SEPA' })
  await settings.getByLabel('Versión del fichero SEPA').selectOption('pain.008.001.08')
  const savedSettings = adminPage.waitForResponse((r) => r.url().endsWith('/api/v1/money/sepa-settings') && r.request().method() === 'PUT')
  await settings.getByRole('button', { name: 'Guardar ajustes SEPA' }).click()
  expect((await savedSettings).status()).toBe(200)

  // The second quarter goes by direct debit in a second remittance.
  const year = new Date().getFullYear()
  const issued = await admin.request.post('/api/v1/money/receipts/generate', { data: { year, period: 2 } })
  expect(issued.status(), await issued.text()).toBe(201)
  const built = await admin.request.post('/api/v1/money/remittances', { data: { collectionDate: inDays(15) } })
  expect(built.status(), await built.text()).toBe(201)
  const second = (await built.json()) as { id: string; receipts: { code: string; unitLabel: string }[] }
  const code = second.receipts.find((r) => r.unitLabel === '1º A')?.code
  expect(code).toBeTruthy()
  const xml = await admin.request.get(`/api/v1/money/remittances/${second.id}/xml`)
  expect(xml.headers()['content-type']).toBe('application/xml')
  expect(await xml.text()).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"')

  await adminPage.reload()
  const form = adminPage.getByRole('form', { name: 'Importar devoluciones (informe pain.002 o CSV)' })
  // The remittance's own file is not the bank's report.
  await form.getByLabel('Importar devoluciones (informe pain.002 o CSV)').fill('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"/>')
  await form.getByRole('button', { name: 'Importar' }).click()
  await expect(adminPage.getByText('El archivo es un pain.008.001.02: importa el informe de estado pain.002 que envía el banco')).toBeVisible()
  await form.getByLabel('O elige el archivo del banco').setInputFiles({ name: 'pain002.xml', mimeType: 'application/xml', buffer: Buffer.from(pain002(code ?? '')) })
  await expect(form.getByLabel('Importar devoluciones (informe pain.002 o CSV)')).toHaveValue(/OrgnlEndToEndId/)
  await form.getByRole('button', { name: 'Importar' }).click()
  await expect(adminPage.getByText('1 devoluciones anotadas')).toBeVisible()
  await expectNoHorizontalScroll(adminPage)

  // The owner, still on 'Mis cuotas', sees it live (the money change on the stream): the return and that
  // their mandate is paused, so they pay by transfer.
  const statement = ownerPage.getByRole('list', { name: 'Mi extracto' })
  await expect(statement.getByText(`Devolución del recibo ${code} (AM04)`)).toBeVisible()
  await expect(ownerPage.getByText('Pausada', { exact: true })).toBeVisible()
  await expectNoHorizontalScroll(ownerPage)
})

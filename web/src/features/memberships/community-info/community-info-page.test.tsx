import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { otherTimeZones } from './time-zones'

const community = {
  id: 'community-1',
  publicId: 'ABCDEFGH',
  name: 'Comunidad Mayor 5',
  address: 'Calle Mayor 5, Madrid',
  city: 'Madrid',
  postalCode: '28013',
  country: 'España',
  catastralReference: null,
}

function member(role: 'admin' | 'user') {
  let zone = 'Europe/Madrid'
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role })
  fakeApi.on('GET /api/v1/community', () => json(community))
  fakeApi.on('PATCH /api/v1/community', () => json(community))
  fakeApi.on('GET /api/v1/reservations/time-zone', () => json({ timeZone: zone }))
  fakeApi.on('PUT /api/v1/reservations/time-zone', (req) => {
    const asked = (req.body as { timeZone: string }).timeZone
    if (asked === 'Marte/Olympus') return problem(422, 'invalid', 'La zona horaria no es válida')
    zone = asked
    return json({ timeZone: zone })
  })
}

describe('community info: time zone', () => {
  it('shows every member the zone the reservations follow, without a way to change it', async () => {
    member('user')
    renderRoute('/settings/community-info')

    expect(await screen.findByText('Península y Baleares (Europe/Madrid)')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument()
  })

  it('lets an admin pick the Canary Islands and saves it through the reservations API', async () => {
    member('admin')
    const { user } = renderRoute('/settings/community-info')

    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    const select = screen.getByRole('combobox', { name: 'Zona horaria' })
    const spain = within(select).getByRole('group', { name: 'España' })
    expect(within(spain).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Península y Baleares (Europe/Madrid)',
      'Canarias (Atlantic/Canary)',
      'Ceuta y Melilla (Africa/Ceuta)',
    ])
    expect(within(select).getByRole('option', { name: 'Europe/Lisbon' })).toBeInTheDocument()
    expect(select).toHaveValue('Europe/Madrid')

    await user.selectOptions(select, 'Atlantic/Canary')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByText('Canarias (Atlantic/Canary)')).toBeInTheDocument()
    expect(fakeApi.calls('PUT /api/v1/reservations/time-zone').map((r) => r.body)).toEqual([{ timeZone: 'Atlantic/Canary' }])
  })

  it('does not call the time-zone API when the zone is unchanged', async () => {
    member('admin')
    const { user } = renderRoute('/settings/community-info')

    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByRole('button', { name: 'Editar' })).toBeInTheDocument()
    expect(fakeApi.calls('PATCH /api/v1/community')).toHaveLength(1)
    expect(fakeApi.calls('PUT /api/v1/reservations/time-zone')).toHaveLength(0)
  })
})

describe('community info: lengths', () => {
  it("stops each field at the API contract's limit, the server's", async () => {
    member('admin')
    const { user } = renderRoute('/settings/community-info')

    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    for (const [label, max] of [
      ['Nombre', 200],
      ['Dirección', 300],
      ['Ciudad', 100],
      ['Código postal', 10],
    ] as const) {
      const input = screen.getByRole('textbox', { name: label })
      await user.clear(input)
      await user.click(input)
      await user.paste('1'.repeat(max + 5))
      expect(input).toHaveValue('1'.repeat(max))
    }
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByRole('button', { name: 'Editar' })
    expect(fakeApi.calls('PATCH /api/v1/community').map((r) => r.body)).toEqual([
      expect.objectContaining({ name: '1'.repeat(200), address: '1'.repeat(300), city: '1'.repeat(100), postalCode: '1'.repeat(10) }),
    ])
  })
})

describe('otherTimeZones', () => {
  it('offers common zones by name, never Spain’s twice, and keeps a zone set elsewhere', () => {
    expect(otherTimeZones('Europe/Madrid')).toContain('Europe/Lisbon')
    expect(otherTimeZones('Europe/Madrid')).not.toContain('Europe/Madrid')
    expect(otherTimeZones('Asia/Tokyo')).toContain('Asia/Tokyo')
    const zones = otherTimeZones(undefined)
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)))
  })
})

import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

// Each action's Spanish label as the screen showed it when the labels were one list in src/locales
// (settings.audit.actions), before each feature declared its own (ADR 0039).
const labelsBefore = [
  ['role.changed', 'Cambio de rol'],
  ['community.edited', 'Datos de la comunidad'],
  ['community.access', 'Acceso con el código'],
  ['unit.added', 'Unidad añadida'],
  ['unit.edited', 'Unidad modificada'],
  ['unit.merged', 'Unidades fusionadas'],
  ['unit.removed', 'Unidad eliminada'],
  ['units.imported', 'Importación de unidades (CSV)'],
  ['verification.decided', 'Verificación revisada'],
  ['join_request.decided', 'Solicitud de acceso revisada'],
  ['owner_claim.decided', 'Propiedad revisada'],
  ['resident_claim.decided', 'Vivienda adicional revisada'],
  ['proposed_unit.decided', 'Vivienda nueva revisada'],
  ['content.deleted', 'Contenido eliminado'],
  ['facility.created', 'Instalación creada'],
  ['facility.edited', 'Instalación modificada'],
  ['facility.archived', 'Instalación archivada'],
  ['reservation.decided', 'Reserva revisada'],
  ['document.added', 'Documento subido'],
  ['document.edited', 'Documento modificado'],
  ['document.deleted', 'Documento eliminado'],
  ['poll.created', 'Votación creada'],
  ['poll.edited', 'Votación modificada'],
  ['poll.published', 'Votación publicada'],
  ['poll.closed', 'Votación cerrada'],
  ['poll.deleted', 'Votación eliminada'],
  ['member.left', 'Salió de la comunidad'],
  ['money.settings.edited', 'Ajustes de las cuentas modificados'],
  ['money.group.created', 'Grupo de reparto creado'],
  ['money.group.edited', 'Grupo de reparto modificado'],
  ['money.group.deleted', 'Grupo de reparto borrado'],
  ['money.budget.created', 'Presupuesto creado'],
  ['money.budget.edited', 'Presupuesto modificado'],
  ['money.budget.approved', 'Presupuesto aprobado'],
  ['money.receipts.issued', 'Recibos emitidos'],
  ['money.payment.recorded', 'Pago anotado'],
  ['money.correction.posted', 'Corrección anotada'],
  ['money.certificate.requested', 'Certificado de deuda solicitado'],
  ['money.certificate.issued', 'Certificado de deuda emitido'],
  ['money.receipts.shared', 'Recibos compartidos con un inquilino'],
  ['money.receipts.unshared', 'Recibos dejados de compartir'],
  ['money.sepa_settings.edited', 'Ajustes SEPA cambiados'],
  ['money.mandate.signed', 'Domiciliación firmada'],
  ['money.mandate.revoked', 'Domiciliación revocada'],
  ['money.mandate.paused', 'Domiciliación en pausa'],
  ['money.remittance.created', 'Remesa preparada'],
  ['money.debit.returned', 'Recibo devuelto'],
  ['money.receipt.compensated', 'Recibo compensado'],
  ['money.derrama.created', 'Derrama anotada'],
  ['money.derrama.issued', 'Recibos de derrama emitidos'],
  ['money.credit.applied', 'Saldo a favor aplicado a un recibo'],
  ['money.account.created', 'Cuenta bancaria añadida'],
  ['money.account.edited', 'Cuenta bancaria editada'],
  ['money.expense.created', 'Gasto anotado'],
  ['money.expense.invoice', 'Factura de un gasto archivada'],
  ['money.expense.payment', 'Pago de un gasto anotado'],
  ['money.statement.imported', 'Extracto bancario importado'],
  ['money.movement.reconciled', 'Movimiento del banco conciliado'],
  ['junta.created', 'Junta preparada'],
  ['junta.edited', 'Junta editada'],
  ['junta.deleted', 'Junta eliminada'],
  ['junta.convened', 'Junta convocada'],
  ['junta.held', 'Junta constituida'],
  ['junta.acta_signed', 'Acta de junta firmada'],
  ['junta.proxy_checked', 'Representación en junta comprobada'],
] as const

const record = (id: string, action: string, targetLabel: string) => ({
  id,
  action,
  actorId: 'user-1',
  actorName: 'Ana García',
  targetId: 'target-' + id,
  targetKind: 'poll',
  targetLabel,
  createdAt: '2026-11-20T10:00:00Z',
})

function signInAdmin() {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/community/roles', () => json({ members: [], adminCount: 1, maxAdmins: 3 }))
  fakeApi.on('GET /api/v1/community/audit', () =>
    json({
      items: [
        record('1', 'poll.created', 'Pintar la fachada'),
        record('2', 'money.budget.created', 'Presupuesto 2027'),
        record('3', 'member.left', 'Bea Ruiz'),
        record('4', 'processor.invited', 'Fincas Sol'),
        record('5', 'something.new', 'Algo'),
      ],
      nextCursor: null,
    }),
  )
}

describe('the audit screen', () => {
  it("offers every action in the filter with the label each had before the features declared them", async () => {
    signInAdmin()
    renderRoute('/settings/audit')

    const filter = await screen.findByRole('combobox', { name: 'Acción' })
    const options = within(filter).getAllByRole('option').map((o) => o.textContent)
    for (const [, label] of labelsBefore) expect(options).toContain(label)
    // The office's actions (ADR 0045) had no label and were missing from the filter, as were those of the
    // juntas and the books: every action the server records is offered now, each once.
    expect(options).toContain('Despacho invitado a administrar')
    expect(new Set(options).size).toBe(options.length)
    expect(options[0]).toBe('Todas las acciones')
  })

  it('names each record by its action, and an action no feature declares by its code', async () => {
    signInAdmin()
    renderRoute('/settings/audit')

    const list = await screen.findByRole('list', { name: 'Acciones registradas' })
    for (const text of ['Votación creada', 'Presupuesto creado', 'Salió de la comunidad', 'Despacho invitado a administrar', 'something.new']) {
      expect(within(list).getByText(text)).toBeInTheDocument()
    }
  })
})

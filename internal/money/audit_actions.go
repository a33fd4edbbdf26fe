package money

import "vecinos/internal/domain"

// The audit actions this package records (its Audit… constants, beside the steps that record them); the
// web labels each in the money feature's catalogue (web/src/features/money/audit-actions.ts).
func init() {
	domain.RegisterAuditActions("money",
		AuditSettingsEdited, AuditGroupCreated, AuditGroupEdited, AuditGroupDeleted, AuditBudgetCreated, AuditBudgetEdited,
		AuditBudgetApproved, AuditReceiptsIssued, AuditPaymentRecorded, AuditCorrectionPosted, AuditCertificateRequested,
		AuditCertificateIssued, AuditReceiptsShared, AuditReceiptsUnshared, AuditSepaSettingsEdited, AuditMandateSigned,
		AuditMandateRevoked, AuditMandatePaused, AuditMandateExpired, AuditRemittanceCreated, AuditDebitReturned, AuditReceiptCompensated,
		AuditDerramaCreated, AuditDerramaIssued, AuditCreditApplied, AuditAccountCreated, AuditAccountEdited,
		AuditExpenseCreated, AuditExpenseInvoice, AuditExpensePayment, AuditStatementImported, AuditMovementReconciled,
		AuditYearClosed, AuditAccountsApproved, AuditClosedYearCorrected, AuditExpenseFromReserve)
}

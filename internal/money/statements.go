package money

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// Importing the bank's statements (issue #37): a Norma 43 file is checked whole by ParseNorma43, then
// against the account it is imported into, and booked in one transaction: all of it or nothing.

// StatementStore is what the statements need from the database.
type StatementStore interface {
	LastBankStatement(ctx context.Context, accountID string) (*domain.BankStatement, error) // nil: none
	BankFileImported(ctx context.Context, communityID, sha string) (bool, error)
	// InsertBankStatement returns the first movement its account has already (nothing is then kept: the
	// caller fails the transaction).
	InsertBankStatement(ctx context.Context, s *domain.BankStatement, ms []domain.BankMovement, by string) (*domain.BankMovement, error)
	BankMovements(ctx context.Context, communityID, accountID string, year int) ([]domain.BankMovement, error)
	BankMovementForUpdate(ctx context.Context, communityID, id string) (*domain.BankMovement, error) // nil: none
	// InsertReconciliation is false when the movement is reconciled already or the remittance credited.
	InsertReconciliation(ctx context.Context, communityID, movementID string, m domain.MovementMatch, by string, at time.Time) (bool, error)
	CreditedRemittances(ctx context.Context, communityID string) ([]string, error)
	ReturnedDebits(ctx context.Context, communityID string) ([]domain.ReturnedDebit, error)
	// InsertReconciledReturns is false when one of the returns was matched with a movement already.
	InsertReconciledReturns(ctx context.Context, communityID, movementID string, receiptIDs []string) (bool, error)
}

// AuditStatementImported is the audit action of an imported statement.
const AuditStatementImported = "money.statement.imported"

var errDuplicateFile = domain.Errorf(domain.CodeConflict, "Este fichero ya se importó")

// ImportNorma43 imports a Norma 43 file into one of the community's bank accounts. It refuses, with
// nothing imported, a file that ParseNorma43 refuses, a file already imported, a statement of another
// account, in another currency than the euro, before the account's opening balance or ending in the
// future, one whose opening balance does not follow the last imported closing balance, and a movement
// already imported.
func (s *Service) ImportNorma43(ctx context.Context, a *domain.Actor, accountID, fileName string, data []byte) ([]domain.BankStatement, error) {
	sts, err := ParseNorma43(data)
	if err != nil {
		return nil, err
	}
	return s.importStatements(ctx, a, accountID, fileName, data, sts, nil)
}

// statementFromCSV is how a CSV statement is imported: it names no account and is in euros, and without
// balances it opens at the account's last closing balance.
type statementFromCSV struct{ withBalance bool }

// importStatements books the statements sts of the file data (ImportNorma43; csv: a CSV statement).
func (s *Service) importStatements(ctx context.Context, a *domain.Actor, accountID, fileName string, data []byte, sts []N43Statement,
	csv *statementFromCSV) ([]domain.BankStatement, error) {
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	fileName = strings.TrimSpace(fileName)
	if r := []rune(fileName); len(r) > 200 {
		fileName = string(r[:200])
	}
	at := s.stamp()
	var out []domain.BankStatement
	err := s.write(ctx, a, func(ctx context.Context) error {
		acc, err := s.store.BankAccountForUpdate(ctx, a.CommunityID, accountID)
		if err != nil {
			return err
		}
		if acc == nil {
			return errAccountGone
		}
		if acc.Kind != domain.BankAccountBank {
			return domain.Errorf(domain.CodeInvalid, "Los extractos se importan en una cuenta bancaria, no en la caja")
		}
		if dup, err := s.store.BankFileImported(ctx, a.CommunityID, sha); err != nil {
			return err
		} else if dup {
			return errDuplicateFile
		}
		last, err := s.store.LastBankStatement(ctx, acc.ID)
		if err != nil {
			return err
		}
		for _, st := range sts {
			if csv != nil && !csv.withBalance {
				opening := acc.Opening
				if last != nil {
					opening = last.Closing
				}
				st.Opening, st.Closing = opening, opening+st.Closing
			}
			if csv == nil && (acc.IBAN[:2] != "ES" || acc.IBAN[4:8] != st.Bank || acc.IBAN[8:12] != st.Branch || acc.IBAN[14:] != st.Account) {
				return domain.Errorf(domain.CodeConflict, "El extracto es de la cuenta %s %s %s, no de %s", st.Bank, st.Branch, st.Account,
					MaskIBAN(acc.IBAN))
			}
			switch {
			case st.Currency != "978":
				return domain.Errorf(domain.CodeInvalid, "El extracto no está en euros (divisa %s)", st.Currency)
			case st.Start < acc.OpeningDate:
				return domain.Errorf(domain.CodeInvalid, "El extracto empieza el %s, antes del saldo inicial de la cuenta (%s)", st.Start, acc.OpeningDate)
			case st.End > s.today():
				return domain.Errorf(domain.CodeInvalid, "El extracto termina el %s, una fecha futura", st.End)
			}
			if last != nil && (st.Opening != last.Closing || st.Start < last.End) {
				return domain.Errorf(domain.CodeConflict,
					"El saldo inicial del extracto (%s, el %s) no sigue al saldo final del último importado (%s, el %s)",
					domain.EurosText(st.Opening), st.Start, domain.EurosText(last.Closing), last.End)
			}
			bs := domain.BankStatement{ID: domain.NewID(), CommunityID: a.CommunityID, AccountID: acc.ID, FileSHA256: sha, FileName: fileName,
				Start: st.Start, End: st.End, Opening: st.Opening, Closing: st.Closing, Movements: len(st.Movements), CreatedAt: at.UnixMilli()}
			ms := make([]domain.BankMovement, len(st.Movements))
			seen := map[string]int{}
			for i, m := range st.Movements {
				key := movementKey(m)
				seen[key]++
				ms[i] = domain.BankMovement{ID: domain.NewID(), CommunityID: a.CommunityID, AccountID: acc.ID, StatementID: bs.ID, Date: m.Date,
					ValueDate: m.ValueDate, Amount: m.Amount, CommonConcept: m.CommonConcept, OwnConcept: m.OwnConcept, Document: m.Document,
					Reference1: m.Reference1, Reference2: m.Reference2, Concept: m.Concept,
					Key: fmt.Sprintf("%s#%d", key, seen[key]), CreatedAt: bs.CreatedAt}
			}
			dup, err := s.store.InsertBankStatement(ctx, &bs, ms, a.UserID)
			if err != nil {
				return err
			}
			if dup != nil {
				return domain.Errorf(domain.CodeConflict, "El movimiento del %s por %s ya está importado", dup.Date, domain.EurosText(dup.Amount))
			}
			out = append(out, bs)
			last = &bs
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditStatementImported, TargetKind: "money_account", TargetID: acc.ID,
			TargetLabel: acc.Name, After: map[string]any{"file": fileName, "sha256": sha, "statements": len(out)}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// movementKey is what identifies a movement in its account: the same movement in two files has the same
// key (two equal movements of one statement are told apart by their order, the #n the caller adds).
func movementKey(m N43Movement) string {
	return strings.Join([]string{m.Date, m.ValueDate, fmt.Sprint(m.Amount), m.CommonConcept, m.OwnConcept, m.Document, m.Reference1,
		m.Reference2, m.Concept}, "|")
}

// BankMovements lists an account's movements of a year (0: all), newest first; admins only.
func (s *Service) BankMovements(ctx context.Context, a *domain.Actor, accountID string, year int) ([]domain.BankMovement, *domain.BankStatement, error) {
	acc, err := s.store.BankAccount(ctx, a.CommunityID, accountID)
	if err != nil {
		return nil, nil, err
	}
	if acc == nil {
		return nil, nil, errAccountGone
	}
	ms, err := s.store.BankMovements(ctx, a.CommunityID, accountID, year)
	if err != nil {
		return nil, nil, err
	}
	last, err := s.store.LastBankStatement(ctx, accountID)
	return ms, last, err
}

package money

import (
	"context"
	"sync"

	"vecinos/internal/domain"
)

// The ledgers of the units whose statements were read last, kept in memory (issue #36: an owner's
// statement over 5 years, p99 under 20 ms at 50 readers). The ledger is append-only (its triggers refuse
// every UPDATE and DELETE), so a unit's cached entries are still its whole ledger exactly while the
// count of its entries is the same: each read checks that count before using them (in the unit's read:
// the row that a trigger keeps in the transaction of every append, migration 0072), which also holds
// across the instances of a PostgreSQL deployment.

const ledgerCacheUnits = 512 // units kept; a full cache forgets one at random

type ledgerCache struct {
	mu    sync.Mutex
	units map[[2]string][]domain.LedgerEntry // by community and unit: the whole ledger, in order
}

// ledgerOf returns a unit's whole ledger in order (read only: shared by the readers of the cache), given
// the count of its entries just read (n): the cached entries are used while their count is n.
func (s *Service) ledgerOf(ctx context.Context, communityID, unitID string, n int) ([]domain.LedgerEntry, error) {
	var err error
	key := [2]string{communityID, unitID}
	c := &s.ledgers
	c.mu.Lock()
	es, ok := c.units[key]
	c.mu.Unlock()
	if ok && len(es) == n {
		return es, nil
	}
	if es, err = s.store.LedgerEntries(ctx, communityID, unitID, "", farFuture); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.units == nil {
		c.units = map[[2]string][]domain.LedgerEntry{}
	}
	if _, ok := c.units[key]; !ok && len(c.units) >= ledgerCacheUnits {
		for k := range c.units {
			delete(c.units, k)
			break
		}
	}
	c.units[key] = es
	return es, nil
}

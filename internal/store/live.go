package store

import (
	"context"
	"database/sql"
	"errors"
)

// errNotLive is lockLiveRow's notFound for the ForUpdate methods, which report a missing row as nil: the
// service words it.
var errNotLive = errors.New("store: no such live row")

// lockLive takes the lock of lockLiveRow in the transaction of ctx (InTx) and returns that transaction;
// false when the row is missing, of another community or soft-deleted.
func lockLive(ctx context.Context, table, id, communityID string) (conn, bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return tx, false, err
	}
	err = lockLiveRow(ctx, tx, table, id, communityID, errNotLive)
	if errors.Is(err, errNotLive) {
		return tx, false, nil
	}
	return tx, err == nil, err
}

// orNil reports a row that is not there (sql.ErrNoRows) as nil, for the service to word.
func orNil[T any](v *T, err error) (*T, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return v, err
}

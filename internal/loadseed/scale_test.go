package loadseed_test

import (
	"io"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"

	"vecinos/internal/credentials"
	"vecinos/internal/loadseed"
	"vecinos/internal/store/storetest"
)

// A kept scale database measured again (the load command's -reuse) signs in as the same people a fresh
// seed measures: the first community's residents, in the same order (the first is its admin), its chat,
// and the first office's owner; each new token opens a session.
func TestReuseScaleSignsInTheSeedsResidents(t *testing.T) {
	url := storetest.PostgresURL(t)
	seeded, err := loadseed.SeedScale(t.Context(), url, t.TempDir(), 0.001, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	reused, err := loadseed.ReuseScale(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	if reused.Community != seeded.Community || reused.Channel != seeded.Channel || reused.SecondCommunity != seeded.SecondCommunity {
		t.Errorf("reused community %s, chat %s, second %s; seeded %s, %s, %s", reused.Community, reused.Channel, reused.SecondCommunity,
			seeded.Community, seeded.Channel, seeded.SecondCommunity)
	}
	if !slices.Equal(reused.ResidentIDs, seeded.ResidentIDs) {
		t.Errorf("reused residents %v, seeded %v", reused.ResidentIDs, seeded.ResidentIDs)
	}
	if reused.OfficeSize != seeded.OfficeSize || reused.Communities != seeded.Communities || reused.Offices != seeded.Offices ||
		reused.Incidents != seeded.Incidents || reused.Messages != seeded.Messages || reused.Announcements != seeded.Announcements ||
		reused.Reservations != seeded.Reservations {
		t.Errorf("reused %+v, seeded %+v", reused, seeded)
	}
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	signedIn := func(token string) string {
		var user string
		if err := conn.QueryRow(t.Context(), "SELECT user_id FROM sessions WHERE id = $1", credentials.HashToken(token)).Scan(&user); err != nil {
			t.Fatalf("a token's session: %v", err)
		}
		return user
	}
	for i, token := range reused.ResidentTokens {
		if got := signedIn(token); got != seeded.ResidentIDs[i] {
			t.Errorf("resident %d's token opens %s's session, want %s's", i, got, seeded.ResidentIDs[i])
		}
	}
	signedIn(reused.OfficeToken)
}

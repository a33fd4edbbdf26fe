package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// personalData lists, for the export of one member's data (RGPD arts. 15 and 20), each kind of record
// about them and the query that reads it; every query takes the member's id once per `?`. Only what the
// member wrote, did or is: their messages but not the replies, their votes in public polls and only the
// fact of having voted in secret ones, no password hash, no session token, no other member's name.
var personalData = []struct{ name, query string }{
	{"account", `SELECT id, email, email_confirmed_at, language, signup_metadata, created_at, updated_at FROM users WHERE id = ?`},
	{"profile", `SELECT full_name, phone, avatar_url, community_id, unit_id, relation, contact_visible, onboarding_completed,
		privacy_accepted_at, rules_accepted_at, created_at, updated_at FROM profiles WHERE id = ?`},
	{"community", `SELECT c.id, c.name FROM communities c JOIN profiles p ON p.community_id = c.id WHERE p.id = ?`},
	{"roles", `SELECT community_id, role, created_at FROM user_roles WHERE user_id = ?`},
	{"units", `SELECT u.id, u.community_id, u.building, u.staircase, u.floor, u.unit_number, u.coefficient, m.relation, m.confirmed_at, m.created_at
		FROM unit_members m JOIN units u ON u.id = m.unit_id WHERE m.user_id = ?`},
	{"owned_units", `SELECT id, community_id, building, staircase, floor, unit_number, coefficient FROM units WHERE owner_id = ?`},
	{"join_requests", `SELECT id, community_id, unit_id, floor, door, owner_claim, status, reviewed_at, created_at FROM join_requests WHERE user_id = ?`},
	{"owner_claims", `SELECT id, community_id, unit_id, status, reviewed_at, created_at FROM owner_claims WHERE user_id = ?`},
	{"verification_requests", `SELECT id, community_id, method, document_key, status, reviewed_at, created_at FROM verification_requests WHERE user_id = ?`},
	{"consents", `SELECT version, accepted_at FROM consents WHERE user_id = ? ORDER BY accepted_at`},
	{"sessions", `SELECT created_at, last_seen_at, expires_at, user_agent, ip FROM sessions WHERE user_id = ? ORDER BY created_at`},
	{"sign_in_providers", `SELECT provider, created_at FROM oauth_identities WHERE user_id = ?`},
	{"calendar_feeds", `SELECT community_id, created_at FROM calendar_feeds WHERE user_id = ?`},
	{"incidents", `SELECT id, community_id, title, description, location, priority, status, image_url, created_at, updated_at, deleted_at
		FROM incidents WHERE created_by = ? ORDER BY created_at`},
	{"events", `SELECT id, community_id, title, description, location, start_at, end_at, status, created_at, updated_at, deleted_at
		FROM events WHERE created_by = ? ORDER BY created_at`},
	{"announcements", `SELECT id, community_id, title, description, status, priority, type, is_pinned, valid_until, image_url, document_url,
		created_at, updated_at, deleted_at FROM announcements WHERE created_by = ? ORDER BY created_at`},
	{"announcement_reactions", `SELECT announcement_id, emoji, created_at FROM announcement_reactions WHERE user_id = ?`},
	{"direct_messages", `SELECT id, conversation_id, content, reply_to, created_at, edited_at, deleted_at
		FROM direct_messages WHERE sender_id = ? ORDER BY created_at`},
	{"channel_messages", `SELECT id, channel_id, content, reply_to, created_at, edited_at, deleted_at FROM messages WHERE user_id = ? ORDER BY created_at`},
	{"direct_message_reactions", `SELECT message_id, emoji, created_at FROM direct_message_reactions WHERE user_id = ?`},
	{"channel_message_reactions", `SELECT message_id, emoji, created_at FROM channel_message_reactions WHERE user_id = ?`},
	{"chat_attachments", `SELECT id, scope_kind, scope_id, message_id, file_key, name, content_type, size, created_at
		FROM chat_attachments WHERE uploader_id = ? AND message_id IS NOT NULL ORDER BY created_at`},
	{"reservations", `SELECT id, community_id, facility_id, unit_id, start_at, end_at, status, reason, deposit_cents, deposit_status, created_at, updated_at
		FROM reservations WHERE user_id = ? ORDER BY start_at`},
	{"votes", `SELECT v.poll_id, p.title AS poll_title, v.option_id, o.text AS option_text, v.weight, v.voted_at
		FROM poll_voters v JOIN polls p ON p.id = v.poll_id LEFT JOIN poll_options o ON o.id = v.option_id
		WHERE v.voter_id = ? AND NOT p.secret ORDER BY v.voted_at`},
	{"secret_ballot_participation", `SELECT v.poll_id, p.title AS poll_title, v.voted_at FROM poll_voters v JOIN polls p ON p.id = v.poll_id
		WHERE v.voter_id = ? AND p.secret ORDER BY v.voted_at`},
	{"documents_uploaded", `SELECT d.id AS document_id, d.title, v.number AS version, v.file_name, v.content_type, v.size, v.uploaded_at
		FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE v.uploaded_by = ? ORDER BY v.uploaded_at`},
	{"providers_suggested", `SELECT id, community_id, name, category, status, created_at FROM providers WHERE suggested_by = ?`},
	{"provider_ratings", `SELECT provider_id, stars, comment, created_at, updated_at FROM provider_ratings WHERE user_id = ?`},
	{"tasks_created", `SELECT id, community_id, title, description, priority, status, due_date, created_at, completed_at, deleted_at
		FROM tasks WHERE created_by = ? ORDER BY created_at`},
	{"wall_posts", `SELECT id, community_id, kind, body, image_url, event_id, created_at, edited_at, deleted_at FROM wall_posts WHERE author_id = ? ORDER BY created_at`},
	{"wall_comments", `SELECT id, post_id, body, created_at FROM wall_comments WHERE author_id = ? ORDER BY created_at`},
	{"direct_debit_mandates", `SELECT id, community_id, unit_id, reference, debtor_name, iban, bic, signed_on, status, created_at
		FROM money_mandates WHERE signed_by = ? ORDER BY created_at`},
	{"wall_likes", `SELECT post_id, created_at FROM wall_likes WHERE user_id = ?`},
}

// PersonalData reads every record about userID that the export of their data holds, one section per kind.
// Times (columns named *_at, stored as Unix milliseconds) come as RFC 3339 in UTC.
func (db *DB) PersonalData(ctx context.Context, userID string) ([]domain.DataSection, error) {
	out := make([]domain.DataSection, 0, len(personalData))
	for _, p := range personalData {
		rows, err := db.reader().query(ctx, p.query, userID)
		if err != nil {
			return nil, err
		}
		sec, err := scanSection(p.name, rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sec)
	}
	return out, nil
}

func scanSection(name string, rows *sql.Rows) (domain.DataSection, error) {
	defer rows.Close()
	sec := domain.DataSection{Name: name, Rows: []map[string]any{}}
	cols, err := rows.Columns()
	if err != nil {
		return sec, err
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return sec, err
		}
		row := make(map[string]any, len(cols))
		for i, c := range cols {
			row[c] = exportValue(c, vals[i])
		}
		sec.Rows = append(sec.Rows, row)
	}
	return sec, rows.Err()
}

// exportValue turns a column's value into what JSON shows: text for bytes, RFC 3339 for times.
func exportValue(column string, v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case int64:
		if strings.HasSuffix(column, "_at") {
			return time.UnixMilli(x).UTC().Format(time.RFC3339)
		}
	}
	return v
}

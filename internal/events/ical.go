package events

import (
	"bytes"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// DefaultDuration is the length given in the feed to an event without an end time: calendar apps show a
// zero-length event (RFC 5545's reading of a missing DTEND) as a sliver or not at all.
const DefaultDuration = time.Hour

const icalTime = "20060102T150405Z"

// ICalendar renders events as an RFC 5545 calendar named name: CRLF line endings, lines folded at 75
// octets (never inside a UTF-8 character), TEXT values escaped, times in UTC. timeZone (the community's,
// an IANA name) is announced as the calendar's zone (X-WR-TIMEZONE), which calendar apps show it in.
func ICalendar(name, timeZone string, evs []domain.Event, now time.Time) []byte {
	var b bytes.Buffer
	line := func(prop, value string) { writeFolded(&b, prop+":"+value) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Vecinos//Calendario de la comunidad//ES")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	line("X-WR-CALNAME", escapeText(name))
	if timeZone != "" {
		line("X-WR-TIMEZONE", escapeText(timeZone))
	}
	line("X-PUBLISHED-TTL", "PT1H")
	stamp := now.UTC().Format(icalTime)
	for _, ev := range evs {
		line("BEGIN", "VEVENT")
		line("UID", ev.ID+"@vecinos")
		line("DTSTAMP", stamp)
		line("LAST-MODIFIED", ev.UpdatedAt.UTC().Format(icalTime))
		line("DTSTART", ev.StartAt.UTC().Format(icalTime))
		end := ev.StartAt.Add(DefaultDuration)
		if ev.EndAt != nil {
			end = *ev.EndAt
		}
		line("DTEND", end.UTC().Format(icalTime))
		line("SUMMARY", escapeText(ev.Title))
		if ev.Description != nil {
			line("DESCRIPTION", escapeText(*ev.Description))
		}
		if ev.Location != nil {
			line("LOCATION", escapeText(*ev.Location))
		}
		if ev.CreatedByName != "" {
			line("X-VECINOS-CREATED-BY", escapeText(ev.CreatedByName))
		}
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	return b.Bytes()
}

// escapeText escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines.
func escapeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.NewReplacer(`\`, `\\`, `;`, `\;`, `,`, `\,`, "\n", `\n`).Replace(s)
}

// writeFolded writes one content line, folded so no line exceeds 75 octets (§3.1): continuation lines
// start with a space, which counts toward their 75.
func writeFolded(b *bytes.Buffer, s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if cut == 0 { // not UTF-8 (75 continuation bytes): cut anywhere rather than loop forever
			cut = limit
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}

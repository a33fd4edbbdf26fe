package domain

import (
	"net/url"
	"strings"
	"time"
)

// PushKind is a kind of web push notification; a person turns each on or off in /settings/app.
type PushKind string

const (
	PushDirectMessage PushKind = "directMessage" // a new direct message (not while the conversation is muted)
	PushCritical      PushKind = "criticalAnnouncement"
	PushIncident      PushKind = "incident"    // a change to an incident I reported or am assigned
	PushReservation   PushKind = "reservation" // my reservation approved or rejected
	PushPoll          PushKind = "poll"        // a poll of my community opens or closes
	PushReceipt       PushKind = "receipt"     // a receipt issued for a unit I own (issue #36)
)

// PushKinds are every kind, in the order /settings/app lists them.
var PushKinds = []PushKind{PushDirectMessage, PushCritical, PushIncident, PushReservation, PushPoll, PushReceipt}

// ValidPushKind reports whether k is one of PushKinds.
func ValidPushKind(k PushKind) bool {
	for _, v := range PushKinds {
		if v == k {
			return true
		}
	}
	return false
}

// PushSubscription is one device of a person that opted in to web push (the browser's PushSubscription).
type PushSubscription struct {
	ID        string
	UserID    string
	Endpoint  string
	P256dh    string // the device's ECDH public key, base64url
	Auth      string // the device's authentication secret, base64url
	Device    string // a label for the person ('Chrome en Android')
	CreatedAt time.Time
}

// PushKeys is the server's VAPID key pair (RFC 8292), base64url: the uncompressed P-256 public point and
// the private scalar.
type PushKeys struct {
	Public, Private string
}

// Push is a notification to queue for some people: one outbox row per device of each of them that has
// the kind on. Text writes the title and body in a recipient's language.
type Push struct {
	Kind  PushKind
	Users []string
	// CommunityID is the community the notification is about: each user's opt-outs of that membership
	// apply, and the URL opens the app in it (CommunityLink).
	CommunityID string
	// MutedScope, when set, is the conversation or channel whose muted recipients get nothing.
	MutedScope string
	URL        string // the app path the notification opens
	Tag        string // a notification with the same tag replaces the earlier one on the device
	Text       func(Language) (title, body string)
}

// PushPayload is what the service worker receives, encrypted (RFC 8291).
type PushPayload struct {
	Kind  PushKind `json:"kind"`
	Title string   `json:"title"`
	Body  string   `json:"body"`
	URL   string   `json:"url"`
	Tag   string   `json:"tag,omitempty"`
}

// Localized picks the text of lang from es, ca, en.
func Localized(lang Language, es, ca, en string) string {
	switch lang {
	case Catalan:
		return ca
	case English:
		return en
	}
	return es
}

// CommunityLink is an app link (a path, or an absolute URL) that opens in communityID: the web app
// reads ?c= and makes it the tab's community (ADR 0040). Every email link and push of a community's
// matter goes through it. An empty communityID leaves the link as it is.
func CommunityLink(link, communityID string) string {
	if communityID == "" || link == "" {
		return link
	}
	sep := "?"
	if strings.Contains(link, "?") {
		sep = "&"
	}
	return link + sep + "c=" + url.QueryEscape(communityID)
}

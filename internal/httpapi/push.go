package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/push"
)

// PushDevice is one device of the caller that gets web push notifications.
type PushDevice struct {
	ID        string    `json:"id"`
	Endpoint  string    `json:"endpoint" doc:"The push service's address of the device: the web app finds its own device by it"`
	Device    string    `json:"device" doc:"A label for the person, e.g. 'Chrome en Android'"`
	CreatedAt time.Time `json:"createdAt"`
}

// PushKinds are the kinds of notification, each on or off for all the caller's devices, in the community
// the request acts in (a choice per membership).
type PushKinds struct {
	DirectMessage        bool `json:"directMessage" doc:"A new direct message (never from a muted conversation)"`
	CriticalAnnouncement bool `json:"criticalAnnouncement" doc:"A critical announcement"`
	Incident             bool `json:"incident" doc:"A change to an incident I reported or am assigned"`
	Reservation          bool `json:"reservation" doc:"My reservation approved or rejected"`
	Poll                 bool `json:"poll" doc:"A poll of my community opens or closes"`
	Receipt              bool `json:"receipt" doc:"A receipt issued for a unit I own"`
}

type pushSettingsOutput struct {
	Body struct {
		PublicKey string       `json:"publicKey" doc:"The server's VAPID public key (applicationServerKey), base64url"`
		Kinds     PushKinds    `json:"kinds"`
		Devices   []PushDevice `json:"devices"`
	}
}

type pushSubscribeInput struct {
	Body struct {
		Endpoint string `json:"endpoint" minLength:"1" maxLength:"2048"`
		Keys     struct {
			P256dh string `json:"p256dh" minLength:"1" maxLength:"200"`
			Auth   string `json:"auth" minLength:"1" maxLength:"100"`
		} `json:"keys"`
		Device string `json:"device,omitempty" maxLength:"200" doc:"A label for the person, e.g. 'Chrome en Android'"`
	}
}

type pushSubscribeOutput struct {
	Body struct {
		ID string `json:"id"`
	}
}

type pushDeviceInput struct {
	ID string `path:"id" maxLength:"64"`
}

type pushKindInput struct {
	Kind string `path:"kind" enum:"directMessage,criticalAnnouncement,incident,reservation,poll,receipt"`
	Body struct {
		On bool `json:"on"`
	}
}

func (s *server) pushSettings(ctx context.Context, _ *struct{}) (*pushSettingsOutput, error) {
	a := actor(ctx)
	st, err := s.Push.Status(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &pushSettingsOutput{}
	out.Body.PublicKey = st.PublicKey
	k := st.Kinds
	out.Body.Kinds = PushKinds{DirectMessage: k[domain.PushDirectMessage], CriticalAnnouncement: k[domain.PushCritical],
		Incident: k[domain.PushIncident], Reservation: k[domain.PushReservation], Poll: k[domain.PushPoll], Receipt: k[domain.PushReceipt]}
	out.Body.Devices = make([]PushDevice, 0, len(st.Devices))
	for _, d := range st.Devices {
		out.Body.Devices = append(out.Body.Devices, PushDevice{ID: d.ID, Endpoint: d.Endpoint, Device: d.Device, CreatedAt: d.CreatedAt})
	}
	return out, nil
}

func (s *server) subscribePush(ctx context.Context, in *pushSubscribeInput) (*pushSubscribeOutput, error) {
	a := actor(ctx)
	id, err := s.Push.Subscribe(ctx, a, push.Subscription{Endpoint: in.Body.Endpoint, P256dh: in.Body.Keys.P256dh,
		Auth: in.Body.Keys.Auth, Device: in.Body.Device})
	if err != nil {
		return nil, err
	}
	out := &pushSubscribeOutput{}
	out.Body.ID = id
	return out, nil
}

func (s *server) unsubscribePush(ctx context.Context, in *pushDeviceInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Push.Unsubscribe(ctx, a, in.ID)
}

func (s *server) setPushKind(ctx context.Context, in *pushKindInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Push.SetKind(ctx, a, domain.PushKind(in.Kind), in.Body.On)
}

package mail

import (
	"os"
	"testing"
)

// KindConfirmSignup is the email the transport tests send: a real one, with a link and non-ASCII text.
// Its kind and texts belong to auth, which imports this package, so the tests register them here
// from auth's own files.
const KindConfirmSignup Kind = "confirm_signup"

func init() {
	Register(os.DirFS("../auth"), Spec{Kind: KindConfirmSignup, Link: true}, Spec{Kind: "reset_password", Link: true},
		Spec{Kind: "confirm_email_change", Link: true}, Spec{Kind: "email_change_notice", Link: true}, Spec{Kind: "account_deleted"})
}

// TestRegisterRefusesAKindTwice: two features sending the same kind would share one text, so the second
// registration stops the program.
func TestRegisterRefusesAKindTwice(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("confirm_signup was registered twice")
		}
	}()
	Register(os.DirFS("../auth"), Spec{Kind: KindConfirmSignup, Link: true})
}

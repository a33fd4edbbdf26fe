package domain

import (
	"strings"
	"testing"
)

// TestAuditActionsRefuseADuplicate: two packages registering the same action (or one registering it
// twice) would list it twice in the filter and leave its label to one of them, so the second fails
// (RegisterAuditActions panics with it, at start) and nothing of it is merged.
func TestAuditActionsRefuseADuplicate(t *testing.T) {
	o := actionOwners{}
	if err := o.add("money", []string{"money.budget.created"}); err != nil {
		t.Fatal(err)
	}
	err := o.add("voting", []string{"poll.created", "money.budget.created"})
	if err == nil || !strings.Contains(err.Error(), `"money.budget.created" is registered by both money and voting`) {
		t.Fatalf("add of a duplicate = %v, want the error naming both packages", err)
	}
	if _, ok := o["poll.created"]; ok {
		t.Error("a refused list was merged in part")
	}
	if err := o.add("juntas", []string{"junta.held", "junta.held"}); err == nil || !strings.Contains(err.Error(), "both juntas and juntas") {
		t.Fatalf("add of an action twice in one list = %v, want an error", err)
	}
	if !IsAuditAction(AuditContentDeleted) {
		t.Error("the domain's own action is not registered")
	}
}

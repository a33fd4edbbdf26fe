package domain

import "testing"

// The directory role, case by case (spec 01 §6, 02 §4).
func TestDirectoryRoleOf(t *testing.T) {
	for _, tc := range []struct {
		name        string
		role        Role
		owns, lives bool
		want        DirectoryRole
	}{
		{"admin, owner or not", RoleAdmin, true, false, DirectoryAdmin},
		{"admin living in someone else's unit", RoleAdmin, false, true, DirectoryAdmin},
		{"moderator is the president", RoleModerator, true, false, DirectoryPresident},
		{"moderator without a unit", RoleModerator, false, false, DirectoryPresident},
		{"owner of a unit", RoleUser, true, false, DirectoryOwner},
		{"owner who lives in someone else's unit", RoleUser, true, true, DirectoryOwner},
		{"lives in a unit someone else owns", RoleUser, false, true, DirectoryTenant},
		{"no unit", RoleUser, false, false, DirectoryUser},
		{"no role row", "", false, false, DirectoryUser},
	} {
		if got := DirectoryRoleOf(tc.role, tc.owns, tc.lives); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

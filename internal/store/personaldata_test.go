package store

import "testing"

// TestPersonalDataSectionsAreNamedOnce: the sections come from the files of every feature, and a name
// taken twice would silently drop one of them from the export, so a second one stops the program.
func TestPersonalDataSectionsAreNamedOnce(t *testing.T) {
	for _, name := range []string{"account", "units", "votes", "secret_ballot_participation", "wall_likes"} {
		if _, ok := personalData[name]; !ok {
			t.Errorf("the export has no section %q", name)
		}
	}
	before := personalData["wall_likes"]
	defer func() {
		if recover() == nil {
			t.Error("a second section named wall_likes was accepted")
		}
		if personalData["wall_likes"] != before {
			t.Error("the second section named wall_likes replaced the first")
		}
	}()
	exportPersonalData(dataSection{"wall_likes", "SELECT 1 WHERE ? IS NOT NULL"})
}

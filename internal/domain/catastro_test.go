package domain

import "testing"

func TestCatastralReferenceCheckLetters(t *testing.T) {
	for ref, ok := range map[string]bool{
		"4410205WJ0641S0001JH": true,
		"2339507DG6023N0009FO": true,
		"9872023VH5797S0001WX": true,
		"4410205WJ0641S0001JX": false, // second letter wrong
		"4410205WJ0641S0001HH": false, // first letter wrong
		"4410205WJ0641S0001J":  false, // 19 characters
		"4410205wj0641s0001jh": false, // not upper-cased
		"4410205WJ0641S0001-H": false,
	} {
		if got := ValidCatastralReference(ref); got != ok {
			t.Errorf("ValidCatastralReference(%q) = %v, want %v", ref, got, ok)
		}
	}
}

func TestPublicIDs(t *testing.T) {
	for range 1000 {
		id := NewPublicID()
		if !ValidPublicID(id) {
			t.Fatalf("generated invalid code %q", id)
		}
	}
	for _, bad := range []string{"", "ABCDEFG", "ABCDEFGHJ", "ABCDEFG0", "ABCDEFGI", "abcdefgh"} {
		if ValidPublicID(bad) {
			t.Errorf("ValidPublicID(%q) = true", bad)
		}
	}
}

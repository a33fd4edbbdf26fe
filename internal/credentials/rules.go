package credentials

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// Strength scores a password as the spec does: 20 points for each of length ≥ 8, an upper-case letter,
// a lower-case letter, a digit and another character.
func Strength(password string) int {
	var upper, lower, digit, special bool
	for _, r := range password {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		case unicode.IsDigit(r):
			digit = true
		default:
			special = true
		}
	}
	score := 0
	for _, ok := range []bool{utf8.RuneCountInString(password) >= 8, upper, lower, digit, special} {
		if ok {
			score += 20
		}
	}
	return score
}

// MinStrength is the lowest score a new password may have when changing it.
const MinStrength = 60

// MaxPasswordLength bounds every password (bcrypt's historic limit, kept by the spec).
const MaxPasswordLength = 72

// CheckSignupPassword applies the registration rule: 8 to 72 characters with upper, lower and digit.
func CheckSignupPassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < 8 || n > MaxPasswordLength || !strings.ContainsFunc(p, unicode.IsUpper) ||
		!strings.ContainsFunc(p, unicode.IsLower) || !strings.ContainsFunc(p, unicode.IsDigit) {
		return domain.Errorf(domain.CodeInvalid, "La contraseña debe tener entre 8 y 72 caracteres, con mayúsculas, minúsculas y números")
	}
	return nil
}

// CheckNewPassword applies the change-password rule: strength of at least 60.
func CheckNewPassword(p string) error {
	if utf8.RuneCountInString(p) > MaxPasswordLength {
		return domain.Errorf(domain.CodeInvalid, "La contraseña es demasiado larga")
	}
	if Strength(p) < MinStrength {
		return domain.Errorf(domain.CodeInvalid, "La contraseña no cumple con los requisitos mínimos de seguridad")
	}
	return nil
}

// CheckResetPassword applies the reset rule of the spec: at least 6 characters.
func CheckResetPassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < 6 {
		return domain.Errorf(domain.CodeInvalid, "La contraseña debe tener al menos 6 caracteres")
	}
	if n > MaxPasswordLength {
		return domain.Errorf(domain.CodeInvalid, "La contraseña es demasiado larga")
	}
	return nil
}

// NormalizeEmail validates an address (max 255) and returns it trimmed and lower-cased.
func NormalizeEmail(email string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if len(email) > 255 {
		return "", domain.Errorf(domain.CodeInvalid, "Email demasiado largo")
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || !strings.Contains(email[strings.IndexByte(email, '@'):], ".") {
		return "", domain.Errorf(domain.CodeInvalid, "Email inválido")
	}
	return email, nil
}

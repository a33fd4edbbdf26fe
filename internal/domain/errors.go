// Package domain holds the types and rules of a comunidad de propietarios, free of HTTP and SQL.
package domain

import (
	"errors"
	"fmt"
)

// Code is a stable, machine-readable error code. The web app translates it; the HTTP layer maps it to a
// status in one table. Never rename a code: clients depend on it.
type Code string

const (
	CodeInvalid      Code = "invalid"      // input breaks a validation rule
	CodeUnauthorized Code = "unauthorized" // no (valid) session
	CodeForbidden    Code = "forbidden"    // signed in, but not allowed
	CodeNotFound     Code = "not_found"    // no such thing in the caller's scope
	CodeConflict     Code = "conflict"     // clashes with existing state
	CodeRateLimited  Code = "rate_limited" // too many attempts
	CodeUnavailable  Code = "unavailable"  // a dependency is down; try later
	CodeInternal     Code = "internal"     // a bug or an unexpected failure

	// Account codes the web app reacts to (not only shows).
	CodeInvalidCredentials Code = "invalid_credentials" // wrong email or password
	CodeEmailNotConfirmed  Code = "email_not_confirmed" // sign-in before confirming the email
	CodeEmailTaken         Code = "email_taken"         // sign-up with a registered email
	CodeAlreadyConfirmed   Code = "already_confirmed"   // confirmation link used on a confirmed account
	CodeTokenExpired       Code = "token_expired"       // an email link past its expiry
	CodeTokenInvalid       Code = "token_invalid"       // an unknown, used or superseded email link
	CodeWrongPassword      Code = "wrong_password"      // a signed-in user's password check failed
	CodeCodeRetired        Code = "code_retired"        // a community code an admin has replaced (old letters and links)
	CodeNotMember          Code = "not_member"          // the request names a community the account is not (or no longer) a member of

	// Codes whose message carries values (Error.Params), which the web app puts into its translation.
	CodeDocumentRetained Code = "document_retained" // a document deleted before its retention date; until
)

// Codes lists every code a problem may carry: the OpenAPI document enumerates them, and a web test
// requires a translation of each in every language.
var Codes = []Code{
	CodeInvalid, CodeUnauthorized, CodeForbidden, CodeNotFound, CodeConflict, CodeRateLimited, CodeUnavailable,
	CodeInternal, CodeInvalidCredentials, CodeEmailNotConfirmed, CodeEmailTaken, CodeAlreadyConfirmed,
	CodeTokenExpired, CodeTokenInvalid, CodeWrongPassword, CodeDocumentRetained, CodeCodeRetired, CodeNotMember,
}

// Error is a failure a user can be told about: a stable code and a message, in Spanish in Message and
// in the other languages through In.
type Error struct {
	Code    Code
	Message string // Spanish
	// Params are the values in Message, by name, for the web app's translation of Code.
	Params map[string]string
	format string // Message before its arguments: the key of its translations (Catalogue)
	args   []any
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Errorf builds an *Error with a formatted Spanish message. The format is the key of the message's
// translations, so it must be a constant (a test checks each has them), and an argument written
// differently in each language must be Translatable. It calls fmt.Sprintf itself so that go vet checks
// the arguments of every call against its format.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), format: format, args: args}
}

// Translatable is an argument of Errorf written differently in each language (a decimal number): its
// String is the Spanish, In the others.
type Translatable interface {
	fmt.Stringer
	In(Language) string
}

// In returns the message in lang: the translation of its format with its arguments, or Message.
func (e *Error) In(lang Language) string {
	if f := messages[e.format].in(lang); f != "" {
		return sprintf(lang, f, e.args)
	}
	return e.Message
}

func sprintf(lang Language, format string, args []any) string {
	in := make([]any, len(args))
	for i, a := range args {
		if l, ok := a.(Translatable); ok {
			a = l.In(lang)
		}
		in[i] = a
	}
	return fmt.Sprintf(format, in...)
}

// ErrorCode returns the code of err, or CodeInternal when err is not a domain error.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// errUnexpected is what a user reads of an error that is not a domain error.
var errUnexpected = Errorf(CodeInternal, "Ocurrió un error inesperado")

// ErrorMessage returns the user-facing message of err, in Spanish, hiding internal details.
func ErrorMessage(err error) string { return ErrorMessageIn(err, Spanish) }

// ErrorMessageIn returns the user-facing message of err in lang.
func ErrorMessageIn(err error, lang Language) string {
	e := errUnexpected
	errors.As(err, &e)
	return e.In(lang)
}

package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vecinos/internal/domain"
)

// statusOf is the one table that maps domain error codes to HTTP statuses.
var statusOf = map[domain.Code]int{
	domain.CodeInvalid:      http.StatusUnprocessableEntity,
	domain.CodeUnauthorized: http.StatusUnauthorized,
	domain.CodeForbidden:    http.StatusForbidden,
	domain.CodeNotFound:     http.StatusNotFound,
	domain.CodeConflict:     http.StatusConflict,
	domain.CodeRateLimited:  http.StatusTooManyRequests,
	domain.CodeUnavailable:  http.StatusServiceUnavailable,
	domain.CodeInternal:     http.StatusInternalServerError,

	domain.CodeInvalidCredentials: http.StatusUnauthorized,
	domain.CodeEmailNotConfirmed:  http.StatusForbidden,
	domain.CodeEmailTaken:         http.StatusConflict,
	domain.CodeAlreadyConfirmed:   http.StatusConflict,
	domain.CodeTokenExpired:       http.StatusGone,
	domain.CodeTokenInvalid:       http.StatusBadRequest,
	domain.CodeWrongPassword:      http.StatusUnauthorized,
	domain.CodeDocumentRetained:   http.StatusConflict,
	domain.CodeCodeRetired:        http.StatusGone,
	domain.CodeNotMember:          http.StatusForbidden,
}

// Problem is an RFC 9457 problem detail with a stable machine code and a detail in the request's language.
type Problem struct {
	Type   string      `json:"type,omitempty" doc:"URI of the problem type; about:blank when it is only the status"`
	Title  string      `json:"title" doc:"Short summary of the HTTP status"`
	Status int         `json:"status" doc:"HTTP status code"`
	Detail string      `json:"detail" doc:"What went wrong, fit to show to the user, in the language of Accept-Language (es, ca or en; Spanish by default)"`
	Code   domain.Code `json:"code" doc:"Stable machine code; the web app translates it (enum: problemCodes)"`
	// The values in detail by name, for the translation of code (e.g. until: 01/05/2031).
	Params map[string]string `json:"params,omitempty" doc:"Values in the detail, by name, for the translation of code"`
	Errors []FieldProblem    `json:"errors,omitempty" doc:"Which inputs were wrong, when the request was invalid"`
}

// problemCodes is every code a Problem carries: the domain's and HTTP's own.
func problemCodes() []any {
	codes := make([]any, 0, len(domain.Codes)+1)
	for _, c := range domain.Codes {
		codes = append(codes, string(c))
	}
	return append(codes, string(codeMethodNotAllowed))
}

// TransformSchema enumerates the codes in the OpenAPI document from the Go list, so the web app's test
// of one translation per code follows every new code.
func (Problem) TransformSchema(_ huma.Registry, s *huma.Schema) *huma.Schema {
	if code := s.Properties["code"]; code != nil {
		code.Enum = problemCodes()
	}
	return s
}

// FieldProblem points at one wrong input.
type FieldProblem struct {
	Location string `json:"location,omitempty" doc:"Where the error is, e.g. body.email"`
	Message  string `json:"message" doc:"What is wrong with it"`
}

func (p *Problem) Error() string             { return p.Detail }
func (p *Problem) GetStatus() int            { return p.Status }
func (p *Problem) ContentType(string) string { return "application/problem+json" }

// codeMethodNotAllowed is HTTP's own; no domain rule produces it.
const codeMethodNotAllowed domain.Code = "method_not_allowed"

// genericDetail is what a user reads for each status when no domain message applies.
var genericDetail = map[int]*domain.Error{
	http.StatusBadRequest:            domain.Errorf(domain.CodeInvalid, "La petición no es válida"),
	http.StatusUnprocessableEntity:   domain.Errorf(domain.CodeInvalid, "Los datos enviados no son válidos"),
	http.StatusNotFound:              domain.Errorf(domain.CodeNotFound, "No encontrado"),
	http.StatusMethodNotAllowed:      domain.Errorf(codeMethodNotAllowed, "Método no permitido"),
	http.StatusRequestEntityTooLarge: domain.Errorf(domain.CodeInvalid, "La petición es demasiado grande"),
	http.StatusUnsupportedMediaType:  domain.Errorf(domain.CodeInvalid, "Tipo de contenido no admitido"),
	http.StatusForbidden:             domain.Errorf(domain.CodeForbidden, "Acción no permitida"),
	http.StatusInternalServerError:   domain.Errorf(domain.CodeInternal, "Ocurrió un error inesperado"),
}

// Failures the HTTP layer itself tells apart.
var (
	errUnauthenticated = domain.Errorf(domain.CodeUnauthorized, "Usuario no autenticado")
	errNoRoute         = domain.Errorf(domain.CodeNotFound, "Esta dirección de la API no existe")
)

// newProblem answers status with code, and detail's message (or the status's generic one, when detail is
// nil) in the request's language.
func newProblem(ctx context.Context, status int, code domain.Code, detail error) *Problem {
	if detail == nil {
		if g, ok := genericDetail[status]; ok {
			detail = g
		}
	}
	msg := ""
	if detail != nil {
		msg = domain.ErrorMessageIn(detail, languageOf(ctx))
	}
	return &Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: msg, Code: code}
}

// problemFor turns any error into a Problem. Domain errors keep their code and message; anything else
// is a bug or an outage: it is logged and the user reads a generic message.
func problemFor(ctx context.Context, err error) *Problem {
	var de *domain.Error
	if errors.As(err, &de) {
		p := newProblem(ctx, statusOf[de.Code], de.Code, de)
		p.Params = de.Params
		// Errors of several lines (a CSV import) name each one.
		var lines interface{ Problems() []*domain.Error }
		if errors.As(err, &lines) {
			lang := languageOf(ctx)
			for _, l := range lines.Problems() {
				p.Errors = append(p.Errors, FieldProblem{Location: "body.csv", Message: l.In(lang)})
			}
		}
		return p
	}
	var p *Problem
	if errors.As(err, &p) {
		return p
	}
	slog.ErrorContext(ctx, "request failed", "request_id", requestID(ctx), "err", err)
	return newProblem(ctx, http.StatusInternalServerError, domain.CodeInternal, nil)
}

// codeForStatus picks the code of a failure that huma itself detected (bad JSON, failed validation, …).
func codeForStatus(status int) domain.Code {
	switch status {
	case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType:
		return domain.CodeInvalid
	case http.StatusMethodNotAllowed:
		return codeMethodNotAllowed
	case http.StatusUnauthorized:
		return domain.CodeUnauthorized
	case http.StatusForbidden:
		return domain.CodeForbidden
	case http.StatusNotFound:
		return domain.CodeNotFound
	case http.StatusConflict:
		return domain.CodeConflict
	case http.StatusTooManyRequests:
		return domain.CodeRateLimited
	}
	return domain.CodeInternal
}

// useProblems makes huma produce our Problem for every error: the ones handlers return (domain errors
// included) and the ones huma finds while parsing and validating requests.
func useProblems() {
	huma.NewErrorWithContext = func(ctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
		for _, err := range errs {
			var de *domain.Error
			if errors.As(err, &de) || status >= 500 {
				return problemFor(contextOf(ctx), errors.Join(errs...))
			}
		}
		p := newProblem(contextOf(ctx), status, codeForStatus(status), nil)
		for _, err := range errs {
			fp := FieldProblem{Message: err.Error()}
			var d huma.ErrorDetailer
			if errors.As(err, &d) {
				detail := d.ErrorDetail()
				fp = FieldProblem{Location: detail.Location, Message: detail.Message}
			}
			p.Errors = append(p.Errors, fp)
		}
		return p
	}
	huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
		return huma.NewErrorWithContext(nil, status, msg, errs...)
	}
}

func contextOf(ctx huma.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx.Context()
}

// writeProblem answers a plain net/http handler's failure in the same format as the API.
func writeProblem(w http.ResponseWriter, p *Problem) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	json.NewEncoder(w).Encode(p)
}

package httpapi

import (
	"context"
	"net/http"

	"golang.org/x/text/language"

	"vecinos/internal/domain"
)

// languages are the languages error messages are written in, Spanish first: the default.
var (
	languages       = []domain.Language{domain.Spanish, domain.Catalan, domain.English}
	languageMatcher = language.NewMatcher([]language.Tag{language.Spanish, language.Catalan, language.English})
)

type acceptLanguageKey struct{}

// withLanguage keeps the request's Accept-Language for its error messages, read only if one is written.
func withLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h := r.Header.Get("Accept-Language"); h != "" {
			r = r.WithContext(context.WithValue(r.Context(), acceptLanguageKey{}, h))
		}
		next.ServeHTTP(w, r)
	})
}

// languageOf is the language of the request in ctx that best fits its Accept-Language, or Spanish.
func languageOf(ctx context.Context) domain.Language {
	h, _ := ctx.Value(acceptLanguageKey{}).(string)
	tags, _, err := language.ParseAcceptLanguage(h)
	if err != nil || len(tags) == 0 {
		return domain.Spanish
	}
	_, i, confidence := languageMatcher.Match(tags...)
	if confidence == language.No {
		return domain.Spanish
	}
	return languages[i]
}

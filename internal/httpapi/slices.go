package httpapi

// nonNilSlice is s, or an empty slice for nil: a list answers [] in JSON, never null.
func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// mapAll is the API's form of each of the service's items (never nil: a list answers [] in JSON).
func mapAll[T, U any](in []T, of func(*T) U) []U {
	out := make([]U, len(in))
	for i := range in {
		out[i] = of(&in[i])
	}
	return out
}

package httpapi_test

// The maintenance routes' rows of the route-access table: every member reads, admins write.
func init() {
	addRouteAccess(map[string]level{
		"GET /api/v1/maintenance":            member,
		"POST /api/v1/maintenance":           admin,
		"PUT /api/v1/maintenance/{id}":       admin,
		"DELETE /api/v1/maintenance/{id}":    admin,
		"POST /api/v1/maintenance/{id}/done": admin,
	})
}

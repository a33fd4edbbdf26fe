package httpapi

import (
	"github.com/danielgtaylor/huma/v2"
)

// registerAPI lists the operations of /api/v1, one feature at a time.
func registerAPI(api huma.API, s *server) {
	api.UseMiddleware(requireSession(api, s))
	huma.Register(api, huma.Operation{
		OperationID: "getAppInfo", Method: "GET", Path: "/api/v1/app-info", Tags: []string{"meta"},
		Summary: "Versión y funciones activas de esta instalación",
	}, s.appInfo)
	registerAccounts(api, s)
	registerCommunity(api, s)
	registerMembers(api, s)
	registerIncidents(api, s)
	registerEvents(api, s)
	registerCalendar(api, s)
	registerDashboard(api, s)
	registerMembership(api, s)
	registerMessages(api, s)
	registerAnnouncements(api, s)
	registerDirectory(api, s)
	registerInvitations(api, s)
}

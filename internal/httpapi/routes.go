package httpapi

import (
	"github.com/danielgtaylor/huma/v2"
)

// registerAPI lists every operation of /api/v1 in one place.
func registerAPI(api huma.API, d Deps) {
	meta := metaHandlers{d}
	huma.Register(api, huma.Operation{
		OperationID: "getAppInfo", Method: "GET", Path: "/api/v1/app-info", Tags: []string{"meta"},
		Summary: "Versión y funciones activas de esta instalación",
	}, meta.appInfo)
}

package store

import "testing"

// A shared migration's marked lines run on their engine only; the rest on both.
func TestSharedMigrationKeepsEachEngineLines(t *testing.T) {
	sql := "CREATE TABLE t (\n    id TEXT PRIMARY KEY\n-- sqlite only:\n) WITHOUT ROWID;\n-- postgres only:\n);\n-- both engines:\nCREATE INDEX i ON t (id);\n"
	for engine, want := range map[Engine]string{
		SQLite:   "CREATE TABLE t (\n    id TEXT PRIMARY KEY\n) WITHOUT ROWID;\nCREATE INDEX i ON t (id);\n",
		Postgres: "CREATE TABLE t (\n    id TEXT PRIMARY KEY\n);\nCREATE INDEX i ON t (id);\n",
	} {
		if got := forEngine(sql, engine); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", engine, got, want)
		}
	}
}

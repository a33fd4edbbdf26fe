-- The community's archive (issue #14): documents in categories, each with its versions, who opened them,
-- and who does not want their emails.
--
-- Every community gets the same seven categories, made by a trigger when the community is created (and
-- here for the communities that exist), so no code path that creates a community can forget them. A seeded
-- category's id is '{community id}:{kind}'; kind marks the categories with rules (Actas and Cuentas are
-- kept 5 years and feed the quick links). Categories admins add have no kind.

CREATE TABLE document_category_seeds (
    kind     TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    position INTEGER NOT NULL
);
INSERT INTO document_category_seeds (kind, name, position) VALUES
    ('actas', 'Actas', 1), ('cuentas', 'Cuentas', 2), ('estatutos', 'Estatutos y normas', 3), ('contratos', 'Contratos', 4),
    ('seguros', 'Seguros', 5), ('presupuestos', 'Presupuestos', 6), ('otros', 'Otros', 7);

CREATE TABLE document_categories (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    name_key       TEXT NOT NULL,                       -- domain.SearchText(name): one 'Actas' per community
    kind           TEXT REFERENCES document_category_seeds (kind),
    members_upload BOOLEAN NOT NULL DEFAULT FALSE,      -- every member may upload to it, not only admins
    position       INTEGER NOT NULL,
    created_at     BIGINT NOT NULL,
    UNIQUE (community_id, name_key)
);

INSERT INTO document_categories (id, community_id, name, name_key, kind, members_upload, position, created_at)
SELECT c.id || ':' || s.kind, c.id, s.name, lower(s.name), s.kind, FALSE, s.position, c.created_at
FROM communities c, document_category_seeds s;

-- sqlite only:
CREATE TRIGGER communities_document_categories AFTER INSERT ON communities
BEGIN
    INSERT INTO document_categories (id, community_id, name, name_key, kind, members_upload, position, created_at)
    SELECT new.id || ':' || s.kind, new.id, s.name, lower(s.name), s.kind, FALSE, s.position, new.created_at
    FROM document_category_seeds s;
END;
-- postgres only:
CREATE FUNCTION seed_document_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO document_categories (id, community_id, name, name_key, kind, members_upload, position, created_at)
    SELECT NEW.id || ':' || s.kind, NEW.id, s.name, lower(s.name), s.kind, FALSE, s.position, NEW.created_at
    FROM document_category_seeds s;
    RETURN NEW;
END $$;

CREATE TRIGGER communities_document_categories AFTER INSERT ON communities
    FOR EACH ROW EXECUTE FUNCTION seed_document_categories();
-- both engines:

CREATE TABLE documents (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    category_id   TEXT NOT NULL REFERENCES document_categories (id) ON DELETE CASCADE,
    title         TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    document_date BIGINT NOT NULL,                      -- the document's own date (UTC midnight, ms)
    document_year INTEGER NOT NULL,                     -- of document_date, for the year filter
    visibility    TEXT NOT NULL CHECK (visibility IN ('all', 'owners', 'admins')),
    search_text   TEXT NOT NULL,                        -- domain.SearchText(title, description)
    created_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    deleted_at    BIGINT,
    deleted_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    delete_reason TEXT
);
-- The list, newest document first (keyset on document_date, id).
CREATE INDEX documents_community ON documents (community_id, document_date DESC, id DESC);
CREATE INDEX documents_category ON documents (category_id, document_date DESC, id DESC);

CREATE TABLE document_versions (
    id           TEXT PRIMARY KEY,
    document_id  TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    storage_key  TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    sha256       TEXT NOT NULL,                         -- hex
    uploaded_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    uploaded_at  BIGINT NOT NULL,
    UNIQUE (document_id, number)
);

-- Who opened a document (any version), once: 'abierto por N de M'.
CREATE TABLE document_opens (
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    opened_at   BIGINT NOT NULL,
    PRIMARY KEY (document_id, user_id)
);

-- Members who turned off the emails of new actas and accounts.
CREATE TABLE document_mail_optouts (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
);

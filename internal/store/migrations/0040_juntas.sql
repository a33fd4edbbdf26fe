-- Juntas de propietarios (issue #38): the junta and its orden del día, the convocatoria with its proof of
-- notice per owner, the attendance, and the acta with the signatures of its president and secretary.
-- Owners are read from units.owner_id; names are copied where the record must keep them as they were.
CREATE TABLE juntas (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('ordinaria', 'extraordinaria')),
    status         TEXT NOT NULL CHECK (status IN ('borrador', 'convocada', 'celebrada', 'firmada')),
    first_call_at  BIGINT NOT NULL,
    second_call_at BIGINT NOT NULL,
    place          TEXT NOT NULL DEFAULT '',
    video_link     TEXT NOT NULL DEFAULT '',
    convened_by    TEXT NOT NULL CHECK (convened_by IN ('president', 'promoters')),
    president_id   TEXT REFERENCES users (id) ON DELETE SET NULL,
    secretary_id   TEXT REFERENCES users (id) ON DELETE SET NULL,
    president_name TEXT NOT NULL DEFAULT '',
    secretary_name TEXT NOT NULL DEFAULT '',
    convened_at    BIGINT,
    debtors        TEXT NOT NULL DEFAULT '[]', -- the owners not up to date when it was convened (art. 16.2), JSON
    held_call      TEXT CHECK (held_call IN ('primera', 'segunda')),
    held_at        BIGINT,
    acta_text      TEXT NOT NULL DEFAULT '',
    acta_document_id TEXT,
    reminded_at    BIGINT,
    created_by     TEXT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX juntas_community ON juntas (community_id, first_call_at);
CREATE INDEX juntas_unsigned ON juntas (held_at) WHERE status = 'celebrada';

-- The promoters who convene it when the president does not (art. 16.1).
CREATE TABLE junta_promoters (
    junta_id TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (junta_id, user_id)
);

-- The orden del día: numbered points, informative or with an agreement (a junta vote once convened).
CREATE TABLE junta_points (
    id          TEXT PRIMARY KEY,
    junta_id    TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    title       TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    agreement   BOOLEAN NOT NULL DEFAULT FALSE,
    majority    TEXT,
    poll_id     TEXT REFERENCES polls (id) ON DELETE SET NULL
);
CREATE INDEX junta_points_junta ON junta_points (junta_id, position);

-- Proof of notice: one row per owner told; mail_id is the outbox row (its sent_at is when SMTP accepted
-- it, its failed_at when delivery was given up); opened_at is when the owner first opened it in the app.
CREATE TABLE junta_notices (
    junta_id  TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name      TEXT NOT NULL DEFAULT '',
    email     TEXT,
    mail_id   TEXT,
    queued_at BIGINT,
    opened_at BIGINT,
    PRIMARY KEY (junta_id, user_id)
);

-- Attendance, per owner: present, represented (by whom) or absent.
CREATE TABLE junta_attendance (
    junta_id       TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    owner_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status         TEXT NOT NULL CHECK (status IN ('present', 'represented', 'absent')),
    representative TEXT NOT NULL DEFAULT '',
    recorded_by    TEXT,
    recorded_at    BIGINT NOT NULL,
    PRIMARY KEY (junta_id, owner_id)
);

-- Signatures of the acta: who, when and the SHA-256 of the PDF they signed. A change of the acta after a
-- signature deletes it.
CREATE TABLE junta_signatures (
    junta_id  TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    role      TEXT NOT NULL CHECK (role IN ('president', 'secretary')),
    user_id   TEXT,
    name      TEXT NOT NULL,
    signed_at BIGINT NOT NULL,
    sha256    TEXT NOT NULL,
    PRIMARY KEY (junta_id, role)
);

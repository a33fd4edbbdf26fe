-- Voting (issue #15): consultas (one vote per member) and votes of a junta de propietarios (one vote per
-- owner, weighted by cuota, with an LPH majority). See docs/adr/0020-voting.md.
CREATE TABLE polls (
    id              TEXT PRIMARY KEY,
    community_id    TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('consulta', 'junta')),
    title           TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL CHECK (status IN ('draft', 'open', 'closed')),
    opens_at        BIGINT,          -- a draft opens by itself then; NULL: when an admin publishes it
    closes_at       BIGINT NOT NULL,
    opened_at       BIGINT,
    closed_at       BIGINT,
    quorum          INTEGER NOT NULL CHECK (quorum > 0),
    secret          BOOLEAN NOT NULL DEFAULT FALSE,
    allow_change    BOOLEAN NOT NULL DEFAULT FALSE,
    majority        TEXT CHECK (majority IN ('simple', 'three_fifths', 'one_third', 'unanimity')),
    convocatoria    TEXT CHECK (convocatoria IN ('primera', 'segunda')),
    junta_date      BIGINT,
    absent_favour   BOOLEAN NOT NULL DEFAULT FALSE, -- art. 17.8 applies
    objection_until BIGINT,          -- end of the absent owners' 30 days (17.8), set at the close
    finalized_at    BIGINT,          -- that end was processed (the final result emailed)
    created_by      TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX polls_community ON polls (community_id, created_at);
-- The periodic job finds the polls whose state must move on.
CREATE INDEX polls_due ON polls (status, closes_at);

CREATE TABLE poll_options (
    id       TEXT PRIMARY KEY,
    poll_id  TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    text     TEXT NOT NULL,
    choice   TEXT CHECK (choice IN ('favour', 'against', 'abstain')), -- junta votes only
    UNIQUE (poll_id, position)
);

-- The electorate of a junta vote, copied from the registry when it opens: later changes of a coeficiente
-- or an owner never change its result. No reference to units: the copy outlives the unit.
CREATE TABLE poll_units (
    poll_id     TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    unit_id     TEXT NOT NULL,
    label       TEXT NOT NULL,
    owner_id    TEXT,            -- NULL: no confirmed owner in the app
    owner_name  TEXT NOT NULL DEFAULT '',
    coefficient BIGINT NOT NULL,
    PRIMARY KEY (poll_id, unit_id)
);

-- Units an admin deprived of their vote for a poll (art. 15.2), decided while it is a draft.
CREATE TABLE poll_deprived_units (
    poll_id   TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    unit_id   TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    reason    TEXT NOT NULL,
    marked_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    marked_at BIGINT NOT NULL,
    PRIMARY KEY (poll_id, unit_id)
);

-- Representation (art. 15.1): an owner's vote in a poll cast by another member, revocable until cast.
CREATE TABLE poll_delegations (
    poll_id     TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    owner_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delegate_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (poll_id, owner_id)
);
CREATE INDEX poll_delegations_delegate ON poll_delegations (poll_id, delegate_id);

-- Who voted. The primary key is the guarantee of one vote per voter, whatever runs concurrently. In a
-- secret poll option_id and receipt stay NULL: what was voted is only in poll_ballots. No reference to
-- users: the record of a junta outlives an account (the acta keeps the names).
CREATE TABLE poll_voters (
    poll_id      TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    voter_id     TEXT NOT NULL,
    voter_name   TEXT NOT NULL,
    cast_by      TEXT NOT NULL,
    cast_by_name TEXT NOT NULL,
    weight       BIGINT NOT NULL,
    option_id    TEXT,
    receipt      TEXT,
    voted_at     BIGINT NOT NULL,
    PRIMARY KEY (poll_id, voter_id)
);

-- What was voted. Nothing here joins a ballot to its voter: no voter, no time, a random (UUIDv4) id. On
-- SQLite there is no rowid (WITHOUT ROWID), so rows are kept in the order of their random ids, not of
-- their arrival. On PostgreSQL the heap keeps rows in arrival order, and xmin names the transaction that
-- wrote them: the close rewrites the poll's ballots in the order of their random ids in its own
-- transaction (store/voting.go), which erases both. The receipt is the voter's proof; the list per option
-- is published after the close.
CREATE TABLE poll_ballots (
    id        TEXT PRIMARY KEY,
    poll_id   TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    option_id TEXT NOT NULL,
    weight    BIGINT NOT NULL,
    receipt   TEXT NOT NULL UNIQUE
-- sqlite only:
) WITHOUT ROWID;
-- postgres only:
);
-- both engines:
CREATE INDEX poll_ballots_poll ON poll_ballots (poll_id, option_id);

-- Absent owners' objections to an agreement within the 30 days of art. 17.8.
CREATE TABLE poll_objections (
    poll_id     TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    objected_at BIGINT NOT NULL,
    PRIMARY KEY (poll_id, user_id)
);

-- Each acceptance of the terms and the privacy policy (issue #17): the version accepted and when. A new
-- version adds a row; the rows go with the account.
CREATE TABLE consents (
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    version     TEXT NOT NULL,
    accepted_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, version)
);

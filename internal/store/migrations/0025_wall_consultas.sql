-- The wall's 'Votación' (issue #16): a post may link the quick consulta it opened in Votaciones.
ALTER TABLE wall_posts ADD COLUMN poll_id TEXT REFERENCES polls (id) ON DELETE SET NULL;
CREATE INDEX wall_posts_poll ON wall_posts (poll_id);

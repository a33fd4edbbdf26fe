-- What a booking's INSERT does besides itself (issue #35, docs/adr/0058). On an idle PostgreSQL the row and
-- its indexes took ~0.2 ms, and two things around it more than they needed:
--
-- The office's overview rows (migration 0076) hold pending bookings only, yet the trigger ran for every
-- new reservation, to find nothing for a confirmed one: it now runs for a pending one alone (WHEN), on
-- both engines. Its updates and deletes are followed as before.
--
-- On PostgreSQL a reservation referred to its community and to its facility with two foreign keys, whose
-- checks each take a KEY SHARE lock: on the facility's row, which the booking holds already, and on the
-- community's, which every booking of the community shares, so that concurrent bookings made PostgreSQL
-- build a MultiXact on that one row for each of them. One key, (facility, community) to the facility's
-- (id, community_id), says more (a reservation's community is its facility's) and locks the facility's row
-- alone; a community's deletion still reaches its reservations through its facilities. SQLite keeps its
-- two keys (its checks take no locks; changing them means rebuilding the table).
-- postgres only:
DROP TRIGGER reservations_office_overview ON reservations;
CREATE TRIGGER reservations_office_overview AFTER DELETE OR UPDATE OF community_id, status, start_at ON reservations
    FOR EACH ROW EXECUTE FUNCTION office_overview_follow('booking');
CREATE TRIGGER reservations_office_overview_insert AFTER INSERT ON reservations
    FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION office_overview_follow('booking');

ALTER TABLE facilities ADD CONSTRAINT facilities_id_community UNIQUE (id, community_id);
ALTER TABLE reservations DROP CONSTRAINT reservations_community_id_fkey, DROP CONSTRAINT reservations_facility_id_fkey,
    ADD CONSTRAINT reservations_facility_fkey FOREIGN KEY (facility_id, community_id)
        REFERENCES facilities (id, community_id) ON DELETE CASCADE;
-- sqlite only:
DROP TRIGGER reservations_office_overview_insert;
CREATE TRIGGER reservations_office_overview_insert AFTER INSERT ON reservations WHEN new.status = 'pending' BEGIN
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'booking' AND id = new.id;
END;

-- A statement-level change (a TRUNCATE of sessions, users or providers) names no row: it notifies the table's name, and
-- the session caches drop everything.
CREATE OR REPLACE FUNCTION notify_caches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('caches', TG_TABLE_NAME);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('caches', 'user:' || coalesce(NEW.user_id, OLD.user_id));
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('caches', 'user:' || coalesce(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'providers' THEN
    PERFORM pg_notify('caches', 'provider:' || coalesce(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('caches', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_truncate_notify_caches AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_caches();
--> statement-breakpoint
CREATE TRIGGER users_truncate_notify_caches AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_caches();
--> statement-breakpoint
CREATE TRIGGER providers_truncate_notify_caches AFTER TRUNCATE ON providers FOR EACH STATEMENT EXECUTE FUNCTION notify_caches();

-- The instances' in-memory caches are dropped at once on every instance: a change to a cached row notifies the
-- channel 'caches' (delivered on commit, to every listening process), whoever writes it: the app, a script, an operator.
--   user:<id>      a session of the user was revoked or removed, or the user row the session check reads changed
--   provider:<id>  the provider's service-provider flag (a user's effective type) changed
--   plans, knowledge_areas  the constant lists the server keeps in memory
CREATE OR REPLACE FUNCTION notify_caches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
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
CREATE TRIGGER sessions_notify_caches AFTER UPDATE OF revoked_at, expires_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_caches();
--> statement-breakpoint
CREATE TRIGGER users_notify_caches
  AFTER UPDATE OF name, email, password_hash, type, status, provider_id, seller_id, must_change_password OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_caches();
--> statement-breakpoint
CREATE TRIGGER providers_notify_caches AFTER UPDATE OF is_service_provider OR DELETE ON providers
  FOR EACH ROW EXECUTE FUNCTION notify_caches();
--> statement-breakpoint
CREATE TRIGGER plans_notify_caches AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caches();
--> statement-breakpoint
CREATE TRIGGER knowledge_areas_notify_caches AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON knowledge_areas
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caches();

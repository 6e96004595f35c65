/// The container's tables on PostgreSQL, in a schema named after the group,
/// as migrations applied in order and recorded in `migrations`, like
/// `ContainerSchema` for SQLite. It starts where SQLite's v4 is: there are no
/// older PostgreSQL containers to bring forward.
enum PostgresSchema {
    static let migrations: [(identifier: String, sql: [String])] = [
        ("v1: the container", [
            """
            CREATE TABLE defaults (
                key text PRIMARY KEY,
                value bytea NOT NULL,
                updated_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE instance (
                id text PRIMARY KEY,
                kind text NOT NULL,
                family text NOT NULL,
                name text,
                configuration_identifier text,
                configuration text NOT NULL,
                created_at timestamptz NOT NULL,
                updated_at timestamptz NOT NULL)
            """,
            "CREATE INDEX instance_kind ON instance (kind)",
            """
            CREATE TABLE timeline (
                instance_id text PRIMARY KEY REFERENCES instance (id) ON DELETE CASCADE,
                schedule bytea NOT NULL,
                updated_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE reload_request (
                id bigserial PRIMARY KEY,
                kind text,
                instance_id text,
                force boolean NOT NULL,
                requested_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE http_cache (
                url text PRIMARY KEY,
                status integer NOT NULL,
                etag text,
                body bytea NOT NULL,
                fetched_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE host (
                pid integer NOT NULL,
                machine text NOT NULL,
                since timestamptz NOT NULL)
            """,
            // What a running host must hear of at once: a commit to these tells
            // the listeners on `widgethost` which group and table changed.
            // PostgreSQL sends one notice for identical ones in a transaction.
            """
            CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('widgethost', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME);
                RETURN NULL;
            END $$
            """,
            "CREATE TRIGGER instance_changed AFTER INSERT OR UPDATE OR DELETE ON instance FOR EACH STATEMENT EXECUTE FUNCTION notify_change()",
            "CREATE TRIGGER reload_requested AFTER INSERT ON reload_request FOR EACH STATEMENT EXECUTE FUNCTION notify_change()",
            "CREATE TRIGGER defaults_changed AFTER INSERT OR UPDATE OR DELETE ON defaults FOR EACH STATEMENT EXECUTE FUNCTION notify_change()",
            "CREATE TRIGGER timeline_saved AFTER INSERT OR UPDATE OR DELETE ON timeline FOR EACH STATEMENT EXECUTE FUNCTION notify_change()",
        ]),
        // Several hosts share the container: each instance is leased to one
        // of them, and a lease lasts while its holder keeps renewing.
        ("v2: leases for a fleet of hosts", [
            "DROP TABLE host",
            """
            CREATE TABLE fleet_host (
                id text PRIMARY KEY,
                pid integer NOT NULL,
                machine text NOT NULL,
                since timestamptz NOT NULL,
                expires_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE lease (
                instance_id text PRIMARY KEY REFERENCES instance (id) ON DELETE CASCADE,
                holder text,
                since timestamptz)
            """,
            "CREATE INDEX lease_holder ON lease (holder)",
            "INSERT INTO lease (instance_id) SELECT id FROM instance",
            """
            CREATE FUNCTION lease_new_instance() RETURNS trigger LANGUAGE plpgsql
            -- The group's schema, whoever inserts the instance and with whatever search path.
            SET search_path FROM CURRENT AS $$
            BEGIN
                INSERT INTO lease (instance_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
                RETURN NULL;
            END $$
            """,
            "CREATE TRIGGER instance_leasable AFTER INSERT ON instance FOR EACH ROW EXECUTE FUNCTION lease_new_instance()",
            // A lease given back is announced, so that another host takes it at
            // once; the notices of one release fold into one. A host joining
            // is announced too (a renewal updates its row, which is not), so
            // that the others give it its share at once.
            "CREATE TRIGGER lease_released AFTER UPDATE ON lease FOR EACH ROW WHEN (NEW.holder IS NULL) EXECUTE FUNCTION notify_change()",
            "CREATE TRIGGER host_joined AFTER INSERT ON fleet_host FOR EACH ROW EXECUTE FUNCTION notify_change()",
            // The fleet's GitHub budget, per token: what is left, counting
            // the requests sent and not yet answered, and a pause after a
            // 403 or 429.
            """
            CREATE TABLE rate_limit (
                key text PRIMARY KEY,
                remaining integer,
                in_flight integer NOT NULL DEFAULT 0,
                reset_at timestamptz,
                paused_until timestamptz)
            """,
        ]),
        // Issue 19. Each lease carries a token that grows every time it
        // changes hands; a fleet host writes only with the token it took the
        // lease with, so one that lost an instance while stalled can no
        // longer save over the host that holds it now. Notices name the rows
        // that changed, so that hosts read again only those. A host row says
        // when it was last renewed, for `status`.
        ("v3: fencing tokens and notices that name what changed", [
            "ALTER TABLE lease ADD COLUMN token bigint NOT NULL DEFAULT 0",
            // Free leases are found without reading the held ones.
            "CREATE INDEX lease_free ON lease (instance_id) WHERE holder IS NULL",
            "ALTER TABLE fleet_host ADD COLUMN renewed_at timestamptz",
            "UPDATE fleet_host SET renewed_at = since",
            "ALTER TABLE fleet_host ALTER COLUMN renewed_at SET NOT NULL",
            // `<schema> <table> <id> <id>…`, or `*` when the ids would not fit
            // (a notice holds 8000 bytes) or one is unknown; nothing when no
            // row changed. TG_ARGV[0] names the column holding the instance id.
            """
            CREATE FUNCTION notify_rows() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                changed bigint;
                unnamed boolean;
                total bigint;
                named text;
            BEGIN
                EXECUTE format('SELECT count(*), bool_or(%1$I IS NULL), sum(length(%1$I) + 1), string_agg(DISTINCT %1$I, '' '') FROM changed_rows', TG_ARGV[0])
                    INTO changed, unnamed, total, named;
                IF changed = 0 THEN RETURN NULL; END IF;
                IF unnamed OR total > 7000 THEN named := '*'; END IF;
                PERFORM pg_notify('widgethost', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME || ' ' || named);
                RETURN NULL;
            END $$
            """,
            "DROP TRIGGER instance_changed ON instance",
            "CREATE TRIGGER instance_inserted AFTER INSERT ON instance REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows('id')",
            "CREATE TRIGGER instance_updated AFTER UPDATE ON instance REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows('id')",
            "CREATE TRIGGER instance_deleted AFTER DELETE ON instance REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows('id')",
            "DROP TRIGGER reload_requested ON reload_request",
            "CREATE TRIGGER reload_requested AFTER INSERT ON reload_request REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows('instance_id')",
            // Timeline saves keep their plain notice, one a statement: only
            // dashboards follow them, and they read every status anyway; ids
            // would cost the database on every reload.
            // A host that stops deletes its row: the others take their larger share at once.
            "CREATE TRIGGER host_left AFTER DELETE ON fleet_host FOR EACH ROW EXECUTE FUNCTION notify_change()",
        ]),
        // Instances the manifest declares are its to change and remove.
        ("v4: instances the manifest declares", [
            "ALTER TABLE instance ADD COLUMN managed boolean NOT NULL DEFAULT false",
        ]),
        // Declared instances the manifest stopped declaring, kept a while
        // with their timelines, as SQLite's v7.
        ("v5: removed declared instances kept a while", [
            """
            CREATE TABLE stashed_instance (
                id text PRIMARY KEY,
                instance bytea NOT NULL,
                schedule bytea,
                removed_at timestamptz NOT NULL)
            """,
            "CREATE INDEX stashed_instance_removed_at ON stashed_instance (removed_at)",
        ]),
        // The dashboard's users, sessions and read-only tokens, as SQLite's v8.
        ("v6: dashboard accounts", [
            """
            CREATE TABLE dashboard_user (
                name text PRIMARY KEY,
                password_hash text NOT NULL,
                only_instances text,
                created_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE dashboard_credential (
                digest text PRIMARY KEY,
                kind text NOT NULL,
                owner text NOT NULL,
                read_only boolean NOT NULL,
                csrf text NOT NULL,
                only_instances text,
                created_at timestamptz NOT NULL,
                expires_at timestamptz)
            """,
            "CREATE INDEX dashboard_credential_owner ON dashboard_credential (owner)",
        ]),
        // E-ink devices (TRMNL), as SQLite's v9.
        ("v7: e-ink devices", [
            """
            CREATE TABLE eink_device (
                mac text PRIMARY KEY,
                screen text,
                friendly_id text NOT NULL,
                key_digest text,
                setup_open boolean NOT NULL,
                declared boolean NOT NULL,
                first_seen timestamptz NOT NULL,
                last_contact timestamptz,
                telemetry text NOT NULL)
            """,
        ]),
        ("v8: e-ink device setup window", [
            "ALTER TABLE eink_device ADD COLUMN setup_until timestamptz",
        ]),
        // Live Activities, as SQLite's v11.
        ("v9: live activities", [
            """
            CREATE TABLE activity (
                id text PRIMARY KEY,
                type text NOT NULL,
                attributes bytea NOT NULL,
                state bytea NOT NULL,
                stale_date timestamptz,
                relevance_score double precision NOT NULL,
                started_at timestamptz NOT NULL,
                updated_at timestamptz NOT NULL,
                last_timestamp bigint,
                ended_at timestamptz,
                dismiss_at timestamptz,
                budget double precision NOT NULL,
                budget_at timestamptz NOT NULL,
                view bytea NOT NULL,
                stale_view bytea)
            """,
            "CREATE TRIGGER activity_changed AFTER INSERT OR UPDATE OR DELETE ON activity FOR EACH STATEMENT EXECUTE FUNCTION notify_change()",
        ]),
        // Push tokens, as SQLite's v12.
        ("v10: push tokens", [
            """
            CREATE TABLE push_token (
                kind text PRIMARY KEY,
                secret text NOT NULL,
                created_at timestamptz NOT NULL,
                told text,
                budget double precision NOT NULL,
                budget_at timestamptz NOT NULL)
            """,
        ]),
    ]

    /// The channel every container's changes are announced on.
    static let channel = "widgethost"
}

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
    ]

    /// The channel every container's changes are announced on.
    static let channel = "widgethost"
}

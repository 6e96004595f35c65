import GRDB

/// The container's tables, as migrations declared once and in order: a
/// container written by an older widgethost is brought up to date on open,
/// and later versions add migrations here without touching earlier ones.
enum ContainerSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: defaults and instances") { db in
            try db.create(table: "defaults") { table in
                table.primaryKey("key", .text)
                table.column("value", .blob).notNull()
                table.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "instance") { table in
                table.primaryKey("id", .text)
                table.column("kind", .text).notNull().indexed()
                table.column("family", .text).notNull()
                table.column("name", .text)
                table.column("configurationIdentifier", .text)
                table.column("configuration", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: timelines and reload requests") { db in
            // A removed instance takes its timeline with it.
            try db.create(table: "timeline") { table in
                table.column("instanceID", .text).primaryKey().references("instance", onDelete: .cascade)
                table.column("schedule", .blob).notNull()
                table.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "reloadRequest") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("kind", .text)
                table.column("instanceID", .text)
                table.column("force", .boolean).notNull()
                table.column("requestedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3: HTTP cache") { db in
            // Responses with their ETags, and avatars, shared by every kind.
            try db.create(table: "httpCache") { table in
                table.primaryKey("url", .text)
                table.column("status", .integer).notNull()
                table.column("etag", .text)
                table.column("body", .blob).notNull()
                table.column("fetchedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v4: named keys in view archives") { db in
            try ArchiveKeyMigration.migrate(db)
        }
        // Issue 19: a running host reads again only what changed. Every
        // commit changes the file, the host's own saves included; this log
        // names the instances, requests and defaults that other processes
        // changed. It keeps its last 10,000 entries: a reader that fell
        // further behind reads everything.
        migrator.registerMigration("v5: a log of what changed") { db in
            try db.execute(sql: """
                CREATE TABLE change (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    tableName TEXT NOT NULL,
                    instanceID TEXT);
                CREATE TRIGGER instance_inserted AFTER INSERT ON instance
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('instance', NEW.id); END;
                CREATE TRIGGER instance_updated AFTER UPDATE ON instance
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('instance', NEW.id); END;
                CREATE TRIGGER instance_deleted AFTER DELETE ON instance
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('instance', OLD.id); END;
                CREATE TRIGGER reload_requested AFTER INSERT ON reloadRequest
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('reload_request', NEW.instanceID); END;
                CREATE TRIGGER defaults_inserted AFTER INSERT ON defaults
                    BEGIN INSERT INTO change (tableName) VALUES ('defaults'); END;
                CREATE TRIGGER defaults_updated AFTER UPDATE ON defaults
                    BEGIN INSERT INTO change (tableName) VALUES ('defaults'); END;
                CREATE TRIGGER defaults_deleted AFTER DELETE ON defaults
                    BEGIN INSERT INTO change (tableName) VALUES ('defaults'); END;
                CREATE TRIGGER change_pruned AFTER INSERT ON change
                    BEGIN DELETE FROM change WHERE seq <= NEW.seq - 10000; END;
                """)
        }
        // Issue 24: instances the manifest declares are its to change and
        // remove; those placed from the command line are not.
        migrator.registerMigration("v6: instances the manifest declares") { db in
            try db.execute(sql: "ALTER TABLE instance ADD COLUMN managed BOOLEAN NOT NULL DEFAULT 0")
        }
        // Issue 36: a manifest cut short for a moment removed every declared
        // instance, and they came back with new timelines and budgets.
        migrator.registerMigration("v7: removed declared instances kept a while") { db in
            try db.create(table: "stashedInstance") { table in
                table.primaryKey("id", .text)
                table.column("instance", .blob).notNull()
                table.column("schedule", .blob)
                table.column("removedAt", .datetime).notNull().indexed()
            }
        }
        // Issue 40: the dashboard's users, sessions and read-only tokens.
        migrator.registerMigration("v8: dashboard accounts") { db in
            try db.create(table: "dashboardUser") { table in
                table.primaryKey("name", .text)
                table.column("passwordHash", .text).notNull()
                table.column("only", .text)
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "dashboardCredential") { table in
                table.primaryKey("digest", .text)
                table.column("kind", .text).notNull()
                table.column("owner", .text).notNull().indexed()
                table.column("readOnly", .boolean).notNull()
                table.column("csrf", .text).notNull()
                table.column("only", .text)
                table.column("createdAt", .datetime).notNull()
                table.column("expiresAt", .datetime)
            }
        }
        // Issue 40: e-ink devices (TRMNL) and the screens they show.
        migrator.registerMigration("v9: e-ink devices") { db in
            try db.create(table: "einkDevice") { table in
                table.primaryKey("mac", .text)
                table.column("screen", .text)
                table.column("friendlyID", .text).notNull()
                table.column("keyDigest", .text)
                table.column("setupOpen", .boolean).notNull()
                table.column("declared", .boolean).notNull()
                table.column("firstSeen", .datetime).notNull()
                table.column("lastContact", .datetime)
                table.column("telemetry", .text).notNull()
            }
        }
        // A device's setup is open for a while, not until someone else asks.
        migrator.registerMigration("v10: e-ink device setup window") { db in
            try db.alter(table: "einkDevice") { table in
                table.add(column: "setupUntil", .datetime)
            }
        }
        // Issue 42: Live Activities, started, updated and ended from outside their kind.
        migrator.registerMigration("v11: live activities") { db in
            try db.create(table: "activity") { table in
                table.primaryKey("id", .text)
                table.column("type", .text).notNull()
                table.column("attributes", .blob).notNull()
                table.column("state", .blob).notNull()
                table.column("staleDate", .datetime)
                table.column("relevanceScore", .double).notNull()
                table.column("startedAt", .datetime).notNull()
                table.column("updatedAt", .datetime).notNull()
                table.column("lastTimestamp", .integer)
                table.column("endedAt", .datetime)
                table.column("dismissAt", .datetime)
                table.column("budget", .double).notNull()
                table.column("budgetAt", .datetime).notNull()
                table.column("view", .blob).notNull()
                table.column("staleView", .blob)
            }
            try db.execute(sql: """
                CREATE TRIGGER activity_inserted AFTER INSERT ON activity
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('activity', NEW.id); END;
                CREATE TRIGGER activity_updated AFTER UPDATE ON activity
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('activity', NEW.id); END;
                CREATE TRIGGER activity_deleted AFTER DELETE ON activity
                    BEGIN INSERT INTO change (tableName, instanceID) VALUES ('activity', OLD.id); END;
                """)
        }
        // Issue 42: the tokens that let a push reload a kind's timelines.
        migrator.registerMigration("v12: push tokens") { db in
            try db.create(table: "pushToken") { table in
                table.primaryKey("kind", .text)
                table.column("secret", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("told", .text)
                table.column("budget", .double).notNull()
                table.column("budgetAt", .datetime).notNull()
            }
        }
        return migrator
    }
}

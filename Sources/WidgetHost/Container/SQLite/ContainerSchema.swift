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
        return migrator
    }
}

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
        return migrator
    }
}

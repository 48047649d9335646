//! The numbered SQL files of `/migrations`, applied forward-only on open.

use crate::{Result, StoreError};
use rusqlite::Connection;
use std::path::Path;

/// One schema step: `version` is the `user_version` the file has after `sql` ran.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// Schema version after this step.
    pub version: u32,
    /// File name in `/migrations`.
    pub file: &'static str,
    /// The SQL.
    pub sql: &'static str,
}

/// Every migration, in order. A test checks this list against the folder.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        file: "0001_core.sql",
        sql: include_str!("../../../migrations/0001_core.sql"),
    },
    Migration {
        version: 2,
        file: "0002_settings_and_bloom_lists.sql",
        sql: include_str!("../../../migrations/0002_settings_and_bloom_lists.sql"),
    },
    Migration {
        version: 3,
        file: "0003_analyses.sql",
        sql: include_str!("../../../migrations/0003_analyses.sql"),
    },
    Migration {
        version: 4,
        file: "0004_embeddings.sql",
        sql: include_str!("../../../migrations/0004_embeddings.sql"),
    },
    Migration {
        version: 5,
        file: "0005_pipelines.sql",
        sql: include_str!("../../../migrations/0005_pipelines.sql"),
    },
    Migration {
        version: 6,
        file: "0006_generation.sql",
        sql: include_str!("../../../migrations/0006_generation.sql"),
    },
    Migration {
        version: 7,
        file: "0007_endpoints.sql",
        sql: include_str!("../../../migrations/0007_endpoints.sql"),
    },
    Migration {
        version: 8,
        file: "0008_nuggets_and_formulations.sql",
        sql: include_str!("../../../migrations/0008_nuggets_and_formulations.sql"),
    },
    Migration {
        version: 9,
        file: "0009_readings.sql",
        sql: include_str!("../../../migrations/0009_readings.sql"),
    },
    Migration {
        version: 10,
        file: "0010_document_furniture.sql",
        sql: include_str!("../../../migrations/0010_document_furniture.sql"),
    },
];

/// The schema version this build writes.
pub const LATEST_VERSION: u32 = MIGRATIONS[MIGRATIONS.len() - 1].version;

pub(crate) fn migrate(conn: &mut Connection, path: &Path) -> Result<()> {
    let current: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if current > LATEST_VERSION {
        return Err(StoreError::TooNew {
            path: path.to_owned(),
            found: current,
            known: LATEST_VERSION,
        });
    }
    for step in MIGRATIONS.iter().filter(|m| m.version > current) {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_batch(step.sql)?;
        tx.pragma_update(None, "user_version", step.version)?;
        tx.commit()?;
    }
    Ok(())
}

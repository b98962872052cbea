CREATE TABLE `seasons` (
	`number` integer PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`after_trade_id` integer NOT NULL,
	`archive` text
);
--> statement-breakpoint
INSERT INTO `seasons` (`number`, `started_at`, `after_trade_id`) VALUES (1, COALESCE((SELECT MIN(`created_at`) FROM `trades`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 0);

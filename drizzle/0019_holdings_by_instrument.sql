CREATE TABLE `__new_holdings` (
	`user_id` integer NOT NULL,
	`instrument` text NOT NULL,
	`instrument_id` integer NOT NULL,
	`shares` integer NOT NULL,
	`cost_basis_cents` integer NOT NULL,
	`min_sell_price_cents` integer NOT NULL,
	`min_sell_custom` integer DEFAULT false NOT NULL,
	`min_sell_seq` integer NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`instrument`, `instrument_id`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "holdings_shares_positive" CHECK("__new_holdings"."shares" > 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_holdings`("user_id", "instrument", "instrument_id", "shares", "cost_basis_cents", "min_sell_price_cents", "min_sell_custom", "min_sell_seq", "locked_until") SELECT "user_id", "instrument", "instrument_id", "shares", "cost_basis_cents", "min_sell_price_cents", "min_sell_custom", "min_sell_seq", "locked_until" FROM `holdings` ORDER BY "instrument", "instrument_id", "user_id";--> statement-breakpoint
DROP TABLE `holdings`;--> statement-breakpoint
ALTER TABLE `__new_holdings` RENAME TO `holdings`;--> statement-breakpoint
CREATE INDEX `holdings_user` ON `holdings` (`user_id`);--> statement-breakpoint
CREATE INDEX `holdings_team_lock` ON `holdings` (`locked_until`) WHERE instrument = 'team';

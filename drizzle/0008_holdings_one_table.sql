CREATE TABLE `holdings` (
	`user_id` integer NOT NULL,
	`instrument` text NOT NULL,
	`instrument_id` integer NOT NULL,
	`shares` integer NOT NULL,
	`cost_basis_cents` integer NOT NULL,
	`min_sell_price_cents` integer NOT NULL,
	`min_sell_custom` integer DEFAULT false NOT NULL,
	`min_sell_seq` integer NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `instrument`, `instrument_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "holdings_shares_positive" CHECK("holdings"."shares" > 0)
);
--> statement-breakpoint
INSERT INTO `holdings` (`user_id`, `instrument`, `instrument_id`, `shares`, `cost_basis_cents`, `min_sell_price_cents`, `min_sell_custom`, `min_sell_seq`, `locked_until`)
	SELECT `user_id`, 'player', `player_id`, `shares`, `cost_basis_cents`, `min_sell_price_cents`, `min_sell_custom`, `min_sell_seq`, 0
	FROM `player_holdings` ORDER BY `rowid`;--> statement-breakpoint
INSERT INTO `holdings` (`user_id`, `instrument`, `instrument_id`, `shares`, `cost_basis_cents`, `min_sell_price_cents`, `min_sell_custom`, `min_sell_seq`, `locked_until`)
	SELECT `user_id`, 'team', `team_id`, `shares`, `cost_basis_cents`, `min_sell_price_cents`, `min_sell_custom`, `min_sell_seq`, `locked_until`
	FROM `team_holdings` ORDER BY `rowid`;--> statement-breakpoint
DROP TABLE `player_holdings`;--> statement-breakpoint
DROP TABLE `team_holdings`;--> statement-breakpoint
CREATE INDEX `holdings_instrument` ON `holdings` (`instrument`,`instrument_id`);--> statement-breakpoint
CREATE INDEX `holdings_team_lock` ON `holdings` (`locked_until`) WHERE instrument = 'team';

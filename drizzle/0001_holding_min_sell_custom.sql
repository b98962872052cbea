ALTER TABLE `player_holdings` ADD `min_sell_custom` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `team_holdings` ADD `min_sell_custom` integer DEFAULT false NOT NULL;
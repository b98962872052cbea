CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`details` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_time` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `declined_asks` (
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`order_id`, `user_id`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`side` text NOT NULL,
	`instrument` text NOT NULL,
	`instrument_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`shares_total` integer NOT NULL,
	`shares_remaining` integer NOT NULL,
	`status` text NOT NULL,
	`seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_price_min" CHECK("orders"."price_cents" >= 100),
	CONSTRAINT "orders_remaining_range" CHECK("orders"."shares_remaining" >= 0 AND "orders"."shares_remaining" <= "orders"."shares_total")
);
--> statement-breakpoint
CREATE INDEX `orders_open_instrument` ON `orders` (`instrument`,`instrument_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `player_holdings` (
	`user_id` integer NOT NULL,
	`shares` integer NOT NULL,
	`cost_basis_cents` integer NOT NULL,
	`min_sell_price_cents` integer NOT NULL,
	`min_sell_seq` integer NOT NULL,
	`player_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `player_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "player_holdings_shares_positive" CHECK("player_holdings"."shares" > 0)
);
--> statement-breakpoint
CREATE INDEX `player_holdings_player` ON `player_holdings` (`player_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`team_id` integer NOT NULL,
	`salary` integer NOT NULL,
	`shares_remaining` integer NOT NULL,
	`last_trade_price_cents` integer,
	`retired_at` integer,
	`restricted_until` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "players_salary_positive" CHECK("players"."salary" > 0),
	CONSTRAINT "players_remaining_range" CHECK("players"."shares_remaining" >= 0 AND "players"."shares_remaining" <= "players"."salary")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_name` ON `players` (`name`);--> statement-breakpoint
CREATE INDEX `players_team` ON `players` (`team_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `team_holdings` (
	`user_id` integer NOT NULL,
	`shares` integer NOT NULL,
	`cost_basis_cents` integer NOT NULL,
	`min_sell_price_cents` integer NOT NULL,
	`min_sell_seq` integer NOT NULL,
	`team_id` integer NOT NULL,
	`locked_until` integer NOT NULL,
	PRIMARY KEY(`user_id`, `team_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "team_holdings_shares_positive" CHECK("team_holdings"."shares" > 0)
);
--> statement-breakpoint
CREATE INDEX `team_holdings_team` ON `team_holdings` (`team_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`conference` text NOT NULL,
	`division` text NOT NULL,
	`primary_color` text NOT NULL,
	`secondary_color` text NOT NULL,
	`shares_remaining` integer DEFAULT 0 NOT NULL,
	`last_trade_price_cents` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_code_unique` ON `teams` (`code`);--> statement-breakpoint
CREATE TABLE `trades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instrument` text NOT NULL,
	`instrument_id` integer NOT NULL,
	`buyer_id` integer,
	`seller_id` integer,
	`shares` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "trades_shares_positive" CHECK("trades"."shares" > 0)
);
--> statement-breakpoint
CREATE INDEX `trades_instrument_time` ON `trades` (`instrument`,`instrument_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `trades_buyer` ON `trades` (`buyer_id`);--> statement-breakpoint
CREATE INDEX `trades_seller` ON `trades` (`seller_id`);--> statement-breakpoint
CREATE INDEX `trades_time` ON `trades` (`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email_hash` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`avatar` text,
	`balance_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "users_balance_nonnegative" CHECK("users"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` ("username" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_hash` ON `users` (`email_hash`);
CREATE TABLE `watchlist` (
	`user_id` integer NOT NULL,
	`instrument` text NOT NULL,
	`instrument_id` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `instrument`, `instrument_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

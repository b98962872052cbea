DROP INDEX `orders_user_instrument`;--> statement-breakpoint
CREATE INDEX `orders_book` ON `orders` (`instrument`,`instrument_id`,`side`,`status`,`price_cents`,`seq`);--> statement-breakpoint
CREATE INDEX `orders_user_instrument` ON `orders` (`user_id`,`instrument`,`instrument_id`,`side`,`status`);
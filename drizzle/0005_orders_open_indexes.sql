DROP INDEX `orders_open_instrument`;--> statement-breakpoint
DROP INDEX `orders_user`;--> statement-breakpoint
DROP INDEX `orders_status_side`;--> statement-breakpoint
DROP INDEX `orders_user_instrument`;--> statement-breakpoint
DROP INDEX `orders_book`;--> statement-breakpoint
CREATE INDEX `orders_open_book` ON `orders` (`instrument`,`instrument_id`,`side`,`price_cents`,`seq`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `orders_open_user` ON `orders` (`user_id`,`instrument`,`instrument_id`,`side`) WHERE status = 'open';
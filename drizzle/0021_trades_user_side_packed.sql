DROP INDEX `trades_buyer_time`;--> statement-breakpoint
DROP INDEX `trades_seller_time`;--> statement-breakpoint
CREATE INDEX `trades_buyer_time` ON `trades` (`buyer_id`,`created_at`,`id`,unhex(printf('%012x%012x%012x%012x', created_at & 0xffffffffffff, (instrument_id * 2 + (instrument = 'team')) & 0xffffffffffff, (shares) & 0xffffffffffff, price_cents & 0xffffffffffff)));--> statement-breakpoint
CREATE INDEX `trades_seller_time` ON `trades` (`seller_id`,`created_at`,`id`,`buyer_id`,unhex(printf('%012x%012x%012x%012x', created_at & 0xffffffffffff, (instrument_id * 2 + (instrument = 'team')) & 0xffffffffffff, (-shares) & 0xffffffffffff, price_cents & 0xffffffffffff)));

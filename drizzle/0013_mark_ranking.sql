CREATE TABLE `open_market_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instrument` text NOT NULL,
	`instrument_id` integer NOT NULL,
	`held` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `open_market_changes_instrument` ON `open_market_changes` (`instrument`,`instrument_id`,`at`);--> statement-breakpoint
ALTER TABLE `leagues` ADD `ranking` text DEFAULT 'netWorth' NOT NULL;--> statement-breakpoint
UPDATE `leagues` SET `ranking` = 'shareValue';
--> statement-breakpoint
WITH `season` AS (SELECT COALESCE(MAX(`after_trade_id`), 0) AS `after` FROM `seasons`),
`now_remaining` AS (
  SELECT 'player' AS `instrument`, `id` AS `instrument_id`, `shares_remaining` AS `remaining` FROM `players` WHERE `retired_at` IS NULL
  UNION ALL SELECT 'team', `id`, `shares_remaining` FROM `teams`
),
`open_market_trades` AS (
  SELECT `t`.`instrument`, `t`.`instrument_id`, `t`.`id`, `t`.`created_at`,
    CASE WHEN `t`.`seller_id` IS NULL THEN -`t`.`shares` ELSE `t`.`shares` END AS `delta`
  FROM `trades` `t` WHERE (`t`.`buyer_id` IS NULL OR `t`.`seller_id` IS NULL) AND `t`.`id` > (SELECT `after` FROM `season`)
),
`walked` AS (
  SELECT `o`.*, `r`.`remaining` - COALESCE(SUM(`o`.`delta`) OVER (PARTITION BY `o`.`instrument`, `o`.`instrument_id`
      ORDER BY `o`.`created_at` DESC, `o`.`id` DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS `after`
  FROM `open_market_trades` `o` JOIN `now_remaining` `r` ON `r`.`instrument` = `o`.`instrument` AND `r`.`instrument_id` = `o`.`instrument_id`
)
INSERT INTO `open_market_changes` (`instrument`, `instrument_id`, `held`, `at`)
SELECT `instrument`, `instrument_id`, `after` > 0, `created_at` FROM `walked`
WHERE (`after` > 0) <> (`after` - `delta` > 0) ORDER BY `created_at`, `id`;
--> statement-breakpoint
INSERT INTO `open_market_changes` (`instrument`, `instrument_id`, `held`, `at`)
SELECT `r`.`instrument`, `r`.`instrument_id`, 0,
  COALESCE((SELECT MAX(`t`.`created_at`) FROM `trades` `t` WHERE `t`.`instrument` = `r`.`instrument` AND `t`.`instrument_id` = `r`.`instrument_id`), 0)
FROM (SELECT 'player' AS `instrument`, `id` AS `instrument_id`, `shares_remaining` AS `remaining` FROM `players` WHERE `retired_at` IS NULL
  UNION ALL SELECT 'team', `id`, `shares_remaining` FROM `teams`) `r`
WHERE `r`.`remaining` = 0 AND NOT EXISTS (SELECT 1 FROM `open_market_changes` `c`
  WHERE `c`.`instrument` = `r`.`instrument` AND `c`.`instrument_id` = `r`.`instrument_id` AND `c`.`held` = 0);

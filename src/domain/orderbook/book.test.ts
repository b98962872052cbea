import { createOrderBook } from './fast/index.js';
import { orderBookContract } from './test-support/contract.js';

orderBookContract('FastBook', createOrderBook);

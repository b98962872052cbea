import { OrderBook, Side } from 'nodejs-order-book';
const ob = new OrderBook();
const r = ob.limit({ id: '1', side: Side.BUY, size: 5, price: 100 });
console.log(r.done.length, ob.cancel('1'));

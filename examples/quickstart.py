"""Quickstart: a tool from a function, validated, called sync and async.

Run: uv run python examples/quickstart.py

Outside this repository it needs ``pip install toolbridge``.
"""

from __future__ import annotations

import asyncio
import json

from pydantic import BaseModel

from toolbridge import ArgumentValidationError, tool


class Order(BaseModel):
    """An order line."""

    sku: str
    quantity: int = 1


@tool(annotations={"read_only": True, "open_world": False}, tags={"shop"})
def price(order: Order, currency: str = "EUR") -> dict[str, float | str]:
    """Price an order line.

    Args:
        order: What is being bought.
        currency: ISO 4217 currency code of the answer.
    """
    unit = {"apple": 0.5, "pear": 0.75}.get(order.sku, 1.0)
    return {"amount": unit * order.quantity, "currency": currency}


@tool
async def stock(sku: str) -> int:
    """How many of an item are in stock."""
    await asyncio.sleep(0)
    return {"apple": 12}.get(sku, 0)


def main() -> None:
    print(json.dumps(price.to_dict()["input_schema"], indent=2))

    print(price.invoke({"order": {"sku": "apple", "quantity": 4}}).text)
    print(stock.invoke({"sku": "apple"}).structured_content)
    print(asyncio.run(stock.ainvoke({"sku": "pear"})).text)

    try:
        price.invoke({"order": {"quantity": "many"}})
    except ArgumentValidationError as error:
        for issue in error.issues:
            print(f"{issue.kind}: {issue}")


if __name__ == "__main__":
    main()

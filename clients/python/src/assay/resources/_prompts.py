"""Prompt pages of a benchmark (wire protocol §5.5, §12.2), shared by project and public benchmarks."""

import math
from typing import Dict, Literal, Optional

from .._operation import query

PromptField = Literal["id", "input", "truth"]
SortOrder = Literal["asc", "desc"]

#: ``get_all_prompts()`` reads pages of this size from page 1, as the original SDK does.
ALL_PROMPTS_PAGE_SIZE = 100


def prompts_query(
    page: Optional[int],
    page_size: Optional[int],
    search_field: Optional[str],
    search_value: Optional[str],
    sort_by: Optional[str],
    sort_order: Optional[str],
) -> Dict[str, str]:
    # `search` names the field that `search_value` is looked for in.
    return query(
        page=page,
        page_size=page_size,
        search=search_field,
        search_value=search_value,
        sort_by=sort_by,
        sort_order=sort_order,
    )


def is_last_page(page: int, count: int, returned: int) -> bool:
    """Stop on an empty page, or at the last page the answer's total implies."""
    return returned == 0 or page >= math.ceil(count / ALL_PROMPTS_PAGE_SIZE)
